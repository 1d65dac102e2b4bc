/**
 * What every handler needs from the outside world, injected so handlers stay thin and testable:
 * state (through the engine), the filesystem sources, the on-change fan-out, the clock and the logger.
 */
import type { Logger } from 'pino'
import type { SkillsConfig } from '../core/index.js'
import type { StateStore, Subscribers } from '../engine/index.js'
import type { FsSources } from '../fs/index.js'
import type { SearchIndex } from './search-port.js'

/** What handlers read and write of the engine's state (a view's is filtered, view-deps.ts). */
export type StatePort = Pick<StateStore, 'set' | 'get' | 'delete' | 'list' | 'view'>

/** What handlers read of the filesystem sources (a view's is filtered, view-deps.ts). */
export type FsPort = Pick<FsSources, 'snapshot' | 'findSkill' | 'findPrompt' | 'prompts' | 'reads' | 'limits' | 'noteListing' | 'listingProblems' | 'watchProblems' | 'watchProblemKinds' | 'onChange'>

/** `Fs`: the worker holds its `FsSources` (to start and close them); handlers see only the port. */
export interface Deps<Fs extends FsPort = FsPort> {
  config: SkillsConfig
  state: StatePort
  fs: Fs
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

