/**
 * What every handler needs from the outside world, injected so handlers stay thin and testable:
 * state (through the engine), the filesystem sources, the on-change fan-out, the clock and the logger.
 */
import type { Logger } from 'pino'
import type { SkillsConfig } from '../core/index.js'
import type { StateStore, Subscribers } from '../engine/index.js'
import type { FsSources } from '../fs/index.js'
import type { SearchIndex } from './search-port.js'

export interface Deps {
  config: SkillsConfig
  state: StateStore
  fs: FsSources
  notify: { skills: Subscribers; prompts: Subscribers }
  log: Logger
  now(): Date
  /** Calls another worker's function with `state_timeout_ms` as timeout (sections, prompt handlers). */
  invoke(functionId: string, payload: unknown): Promise<unknown>
  /**
   * This instance's `skill::search` index, built on the first search (search-index.ts), and whether
   * its state summaries carry content stamps (set by that first search, skill-sources.ts).
   */
  search: { index?: SearchIndex; stamping?: boolean }
  /** Calls this instance is waiting on, per function id (bounded-invoke.ts); created on first call. */
  inFlight?: Map<string, number>
}

