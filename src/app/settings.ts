/**
 * What a run mode is started with: config.yaml's settings (§7) with the command line applied over
 * them, here and only here: `--skills-dir` (or the zero-config roots) after the config's globs, the
 * listeners' door from `--allowed-host` and the token files (E11, E20.4), `--view` checked against
 * the config's views (E20.5). Modes read the result, never the
 * config file or the flags' defaults again.
 * Stands alone: the one place flags meet config (nothing else merges them).
 */
import type { Logger } from 'pino'
import type { CliOptions } from './cli.js'
import { loadConfig } from './config-file.js'
import { StartRefused, messages, viewNamed } from '../core/index.js'
import { readAgentTokens, readAuthToken } from '../http/index.js'
import type { ModeContext } from './modes/mode-context.js'
import { skillRoots, withRoots } from './zero-config-roots.js'

export type Settings = Pick<ModeContext, 'options' | 'loaded' | 'door'>

export function settingsOf(options: CliOptions, log: Logger): Settings {
  // The one token first: a file that cannot be read refuses the start before anything is logged.
  const single = readAuthToken(options.authTokenFile)
  const loaded = withRoots(loadConfig(options.config, log), skillRoots(options, log))
  const views = Object.keys(loaded.config.views ?? {})
  if (options.view !== undefined && viewNamed(loaded.config.views, options.view) === undefined) throw new StartRefused(messages.unknownViewNamed(options.view, views))
  const agents = options.authTokensFile === undefined ? [] : readAgentTokens(options.authTokensFile, views)
  // This process's own clients (a front on an engine at --url) send the one token, else an agent's "*" one.
  const token = single ?? agents.find((agent) => agent.views === '*')?.token
  return { options, loaded, door: { allowedHosts: options.allowedHosts, token, agents } }
}
