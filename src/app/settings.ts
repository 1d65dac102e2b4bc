/**
 * What a run mode is started with: config.yaml's settings (§7) with the command line applied over
 * them, here and only here: `--skills-dir` (or the zero-config roots) after the config's globs, the
 * listeners' door from `--allowed-host` and the token file (E11). Modes read the result, never the
 * config file or the flags' defaults again.
 * Stands alone: the one place flags meet config (nothing else merges them).
 */
import type { Logger } from 'pino'
import type { CliOptions } from './cli.js'
import { loadConfig } from './config-file.js'
import { readAuthToken } from '../http/index.js'
import type { ModeContext } from './modes/mode-context.js'
import { skillRoots, withRoots } from './zero-config-roots.js'

export type Settings = Pick<ModeContext, 'options' | 'loaded' | 'door'>

export function settingsOf(options: CliOptions, log: Logger): Settings {
  const door = { allowedHosts: options.allowedHosts, token: readAuthToken(options.authTokenFile) }
  const loaded = withRoots(loadConfig(options.config, log), skillRoots(options, log))
  return { options, loaded, door }
}
