/**
 * `iii-skills check [--config F] [--skills-dir D …] [--format text|json|sarif] [--rule ID=LEVEL …]`
 * (E5.2, E15): loads the fs sources with the worker's own loader, no engine needed, runs the rules of
 * src/check/ and prints the findings; exits 1 when any is an error, 0 otherwise, and 2 when a root
 * yields no skill (E13.7), so a skill repository can run it in its CI.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Writable } from 'node:stream'
import { checkSources, jsonReport, sarifReport, textReport } from '../../check/index.js'
import { CHECK_USAGE_EXIT, type CheckOptions } from '../cli.js'
import { defaultConfig, loadConfigFile } from '../config-file.js'
import type { Logger } from '../logger.js'
import { withRoots } from '../zero-config-roots.js'
import { packageVersion } from '../../fs/index.js'
import { fsLimits } from '../../core/index.js'

export { parseCheckCli } from '../cli.js'

export async function runCheck(options: CheckOptions, out: Writable, log: Logger, err: Writable = process.stderr): Promise<number> {
  const { loaded, file } = configOf(options, log)
  const { config, baseDir } = withRoots(loaded, options.skillsDirs.map((d) => resolve(d)))
  const outcome = await checkSources(config, baseDir, options.rules, log, fsLimits(config), file)
  if ('nothingFound' in outcome) {
    for (const line of outcome.nothingFound) err.write(`${line}\n`)
    return CHECK_USAGE_EXIT
  }
  const { report } = outcome
  if (options.format === 'json') out.write(`${jsonReport(report)}\n`)
  else if (options.format === 'sarif') out.write(`${sarifReport(report, { version: packageVersion(), cwd: process.cwd() })}\n`)
  else for (const line of textReport(report)) out.write(`${line}\n`)
  return report.findings.some((f) => f.severity === 'error') ? 1 : 0
}

/** E13.7: with --skills-dir and no --config, a missing ./config.yaml is not worth a warning. */
function configOf(options: CheckOptions, log: Logger): ReturnType<typeof loadConfigFile> {
  if (!options.configSet && options.skillsDirs.length > 0 && !existsSync(options.config)) return { loaded: defaultConfig() }
  return loadConfigFile(options.config, log)
}
