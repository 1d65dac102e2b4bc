/**
 * The skill folders a process serves besides its config's globs (E5.5): `--skills-dir` as given,
 * else, with `--stdio` or `--embedded` and neither `--config` nor `./config.yaml`, the standard roots
 * that exist, in order. Worker mode (`--url`) never adds roots by itself.
 */
import { existsSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import type { CliOptions } from './cli.js'
import { type LoadedConfig, LOG } from '../core/index.js'
import type { Logger } from './logger.js'

export function standardRoots(cwd: string, home: string): string[] {
  return [join(cwd, '.agents/skills'), join(cwd, '.claude/skills'), join(home, '.agents/skills'), join(home, '.claude/skills'), join(home, '.codex/skills')]
}

/** The roots to serve for these options (absolute), logging each zero-config root or where none was found. */
export function skillRoots(options: Pick<CliOptions, 'skillsDirs' | 'configSet' | 'stdio' | 'embedded'>, log: Logger, cwd = process.cwd(), home = process.env.HOME ?? homedir()): string[] {
  if (options.skillsDirs.length > 0) return options.skillsDirs.map((d) => resolve(cwd, d))
  if (!(options.stdio || options.embedded) || options.configSet || existsSync(join(cwd, 'config.yaml'))) return []
  const candidates = standardRoots(cwd, home)
  const found = candidates.filter((dir) => isDirectory(dir))
  for (const root of found) log.info({ root }, LOG.skillRootServed)
  if (found.length === 0) log.info({ looked_in: candidates }, LOG.noSkillRoots)
  return found
}

/** The config with the roots served after its globs. */
export function withRoots(loaded: LoadedConfig, roots: readonly string[]): LoadedConfig {
  if (roots.length === 0) return loaded
  return { ...loaded, config: { ...loaded.config, skill_roots: [...roots] } }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    // Missing or unreadable: not a root to serve, and the log line lists where we looked.
    return false
  }
}
