/**
 * `iii-skills check [--config F] [--skills-dir D …] [--format text|json|sarif] [--rule ID=LEVEL …]`
 * (E5.2, E15): loads the fs sources with the worker's own loader, no engine needed, runs the rules of
 * src/check/ and prints the findings; exits 1 when any is an error, 0 otherwise, and 2 when a root
 * yields no skill (E13.7), so a skill repository can run it in its CI.
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Writable } from 'node:stream'
import { checkSources, jsonReport, sarifReport, textReport } from '../../check/index.js'
import { CHECK_USAGE_EXIT, type CheckOptions } from '../cli.js'
import { loadConfig } from '../config-file.js'
import { DEFAULT_CONFIG, type LoadedConfig } from '../../core/index.js'
import type { Logger } from '../logger.js'
import { packageVersion } from '../../fs/index.js'

export { parseCheckCli } from '../cli.js'

export async function runCheck(options: CheckOptions, out: Writable, log: Logger, err: Writable = process.stderr): Promise<number> {
  const { config, baseDir } = configOf(options, log)
  const configFile = configText(options.config)
  const outcome = await checkSources({ ...config, skill_roots: options.skillsDirs.map((d) => resolve(d)) }, baseDir, options.rules, log, configFile)
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
function configOf(options: CheckOptions, log: Logger): LoadedConfig {
  if (!options.configSet && options.skillsDirs.length > 0 && !existsSync(options.config)) {
    return { config: structuredClone(DEFAULT_CONFIG), baseDir: process.cwd() }
  }
  return loadConfig(options.config, log)
}

function configText(path: string): { path: string; text: string } | undefined {
  try {
    return { path: resolve(path), text: readFileSync(path, 'utf8') }
  } catch {
    // No config file: check then runs over --skills-dir alone, as documented.
    return undefined
  }
}
