/**
 * `iii-skills check [--config F] [--skills-dir D …]` (E5.2): loads the fs sources with the worker's
 * own loader, no engine needed, prints every skip and warning (one line each) and a summary, and
 * exits 1 when anything was skipped, 0 otherwise, so a skill repository can run it in its CI.
 */
import { resolve } from 'node:path'
import type { Writable } from 'node:stream'
import { Command } from 'commander'
import { loadConfig } from './config.js'
import { diagnosticLines, diagnosticsOf, diagnosticSummary } from './fs/diagnostics.js'
import type { Logger } from './logger.js'
import { scanFs } from './fs/boot-diagnostics.js'

interface CheckOptions {
  config: string
  skillsDirs: string[]
}

export function parseCheckCli(argv: string[]): CheckOptions {
  const program = new Command('iii-skills check')
    .description('Check the fs skills and prompts: print every skipped file and warning; exit 1 when anything is skipped.')
    .option('--config <path>', 'config file (YAML) whose skills: and prompts: globs to check', './config.yaml')
    .option('--skills-dir <dir>', 'also check every SKILL.md folder under this directory (repeatable)', (d: string, all: string[]) => [...all, d], [] as string[])
    .helpOption('-h, --help', 'print help')
    .exitOverride()
  program.parse(argv, { from: 'user' })
  const raw = program.opts<{ config: string; skillsDir: string[] }>()
  return { config: raw.config, skillsDirs: raw.skillsDir }
}

export async function runCheck(options: CheckOptions, out: Writable, log: Logger): Promise<number> {
  const { config, baseDir } = loadConfig(options.config, log)
  const scan = await scanFs({ ...config, skill_roots: options.skillsDirs.map((d) => resolve(d)) }, baseDir, log)
  const diagnostics = diagnosticsOf(scan.skills.skills, [...scan.skills.skipped, ...scan.prompts.skipped])
  for (const line of diagnosticLines(diagnostics)) out.write(`${line}\n`)
  out.write(`${diagnosticSummary(scan.skills.skills.length, scan.prompts.prompts.length, diagnostics)}\n`)
  return diagnostics.skipped.length > 0 ? 1 : 0
}
