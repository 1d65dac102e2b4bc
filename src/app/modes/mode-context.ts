/** What every run mode (app/modes: worker.ts, embedded.ts, stdio.ts, stdio-front.ts) is given and hands back. */
import type { Writable } from 'node:stream'
import type { Logger } from 'pino'
import type { CliOptions } from '../cli.js'
import type { LoadedConfig } from '../../core/index.js'
import type { DoorRules } from '../../http/index.js'
import type { RunningFront } from '../mcp-front.js'

export interface ModeContext {
  options: CliOptions
  loaded: LoadedConfig
  log: Logger
  /** The real stdout, kept for MCP by the stdio modes (stdout-guard.ts); undefined otherwise. */
  stdout: Writable | undefined
  /** Who may come through the listeners, and the token this process sends to an engine (E11). */
  door: DoorRules
}

export interface RunningMode {
  close(): Promise<void>
  /** Resolves when the mode ends on its own (stdio: the client closed stdin). */
  ended?: Promise<void>
}

/** The stdio modes end when the client has gone (stdin closed). */
export function stdioServices(front: RunningFront, close: () => Promise<void>): RunningMode {
  return { ended: front.stdio?.closed ?? new Promise(() => undefined), close }
}
