/**
 * Loads config.yaml (§7). Boot is never blocked by config: a missing, unreadable, malformed or
 * mistyped file is logged as a warning and the defaults are used, with globs resolved from the CWD.
 * On success, globs resolve from the config file's directory. Only an invalid view (E20.1) refuses
 * the start.
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parse as parseYaml } from 'yaml'
import { DEFAULT_CONFIG, StartRefused, type LoadedConfig, type SkillsConfig, LOG } from '../core/index.js'
import type { Logger } from './logger.js'
import { parseInput, ConfigSchema } from '../schemas/index.js'

export function loadConfig(path: string, log: Logger): LoadedConfig {
  return loadConfigFile(path, log).loaded
}

/** loadConfig, and the file's text when it was the one loaded (`check` places findings about its globs in it). */
export function loadConfigFile(path: string, log: Logger): { loaded: LoadedConfig; file?: { path: string; text: string } } {
  let config: SkillsConfig
  let text: string
  try {
    text = readFileSync(path, 'utf8')
    config = parseConfig(text)
  } catch (error) {
    if (error instanceof StartRefused) throw error
    log.warn({ error: error instanceof Error ? error.message : String(error), path }, LOG.configFailed)
    return { loaded: defaultConfig() }
  }
  log.info({ skills_scope: config.scopes.skills, prompts_scope: config.scopes.prompts }, LOG.configLoaded(path))
  return { loaded: { config, baseDir: dirname(resolve(path)) }, file: { path: resolve(path), text } }
}

/** The defaults, relative to the working directory. */
export function defaultConfig(): LoadedConfig {
  return { config: structuredClone(DEFAULT_CONFIG), baseDir: process.cwd() }
}

/** An empty document (or one holding only comments) is an empty mapping: all defaults. */
export function parseConfig(text: string): SkillsConfig {
  const document: unknown = parseYaml(text)
  return parseInput(ConfigSchema, document ?? {})
}
