/**
 * A `Deps` for handler unit tests, no engine needed: state in memory maps (with per-operation
 * failure injection), the real FsSources over a temp dir, the real Subscribers over a fake SDK
 * client that records fan-out calls, a fixed clock, a captured logger, and other workers'
 * functions as plain callbacks behind `deps.invoke`.
 */
import type { IIIClient } from 'iii-sdk'
import { DEFAULT_CONFIG, type SkillsConfig } from '../../src/core/config-types.js'
import type { StateStore } from '../../src/engine/state-store.js'
import { Subscribers } from '../../src/engine/subscribers.js'
import { FsSources } from '../../src/fs/sources.js'
import type { Deps } from '../../src/functions/deps.js'
import { captureLogger, type CapturedLog } from '../support/temp-tree.js'
import { FS_LIMITS } from '../../src/core/limits.js'

export type StateOp = 'set' | 'get' | 'delete' | 'list'

/** The engine's `state::*` over maps: `get` of a missing key is undefined (the engine omits it), `delete` answers the old value or null. */
export class MemoryState {
  readonly scopes = new Map<string, Map<string, unknown>>()
  readonly failures = new Map<StateOp, Error>()
  readonly calls: Array<{ op: StateOp; scope: string; key?: string }> = []

  rows(scope: string): Map<string, unknown> {
    let rows = this.scopes.get(scope)
    if (rows === undefined) this.scopes.set(scope, (rows = new Map()))
    return rows
  }

  async set(scope: string, key: string, value: unknown): Promise<unknown> {
    this.enter('set', scope, key)
    const old = this.rows(scope).get(key)
    this.rows(scope).set(key, structuredClone(value))
    return { old_value: old ?? null, new_value: value }
  }

  async get(scope: string, key: string): Promise<unknown> {
    this.enter('get', scope, key)
    return structuredClone(this.rows(scope).get(key))
  }

  async delete(scope: string, key: string): Promise<unknown> {
    this.enter('delete', scope, key)
    const old = this.rows(scope).get(key)
    this.rows(scope).delete(key)
    return old ?? null
  }

  async list(scope: string): Promise<unknown[]> {
    this.enter('list', scope)
    return [...this.rows(scope).values()].map((value) => structuredClone(value))
  }

  /** StateStore's uncached view: the projection of a fresh list. */
  async view<T>(scope: string, _key: string, project: (values: unknown[]) => T): Promise<T> {
    return project(await this.list(scope))
  }

  private enter(op: StateOp, scope: string, key?: string): void {
    this.calls.push(key === undefined ? { op, scope } : { op, scope, key })
    const failure = this.failures.get(op)
    if (failure !== undefined) throw failure
  }
}

export interface FanOutCall {
  function_id: string
  payload: unknown
}

export interface FakeWorld {
  deps: Deps<FsSources>
  state: MemoryState
  log: CapturedLog
  /** Fire-and-forget calls the on-change fan-out made, in order. */
  fanOut: FanOutCall[]
  /** Calls made through `deps.invoke` (sections, prompt handlers). */
  invocations: Array<{ functionId: string; payload: unknown }>
  /** Other workers' functions reachable through `deps.invoke`; a missing id fails like the engine. */
  functions: Map<string, (payload: unknown) => unknown>
}

export interface FakeOptions {
  config?: Partial<SkillsConfig>
  /** Directory the fs globs resolve against. */
  baseDir?: string
  now?: Date
  /** Subscriber function ids bound to `skills::on-change` / `prompts::on-change`. */
  subscribers?: { skills?: string[]; prompts?: string[] }
  /** Subscriber function ids whose fan-out call fails. */
  failingSubscribers?: string[]
}

export const NOW = new Date('2026-11-22T06:41:40.567Z')
export const NOW_TEXT = '2026-11-22T06:41:40.567+00:00'

export function fakeDeps(options: FakeOptions = {}): FakeWorld {
  const config: SkillsConfig = { ...structuredClone(DEFAULT_CONFIG), ...options.config }
  const log = captureLogger()
  const state = new MemoryState()
  const fanOut: FanOutCall[] = []
  const failing = new Set(options.failingSubscribers ?? [])
  const iii = {
    trigger: async (request: { function_id: string; payload: unknown }) => {
      fanOut.push({ function_id: request.function_id, payload: request.payload })
      if (failing.has(request.function_id)) throw new Error(`function_not_found: ${request.function_id}`)
      return undefined
    },
  } as unknown as IIIClient
  const notify = {
    skills: new Subscribers('skills::on-change', iii, log.log),
    prompts: new Subscribers('prompts::on-change', iii, log.log),
  }
  for (const [i, id] of (options.subscribers?.skills ?? []).entries()) notify.skills.add(`skills-binding-${i}`, id)
  for (const [i, id] of (options.subscribers?.prompts ?? []).entries()) notify.prompts.add(`prompts-binding-${i}`, id)
  const invocations: FakeWorld['invocations'] = []
  const functions = new Map<string, (payload: unknown) => unknown>()
  const deps: Deps<FsSources> = {
    config,
    state: state as unknown as StateStore,
    fs: new FsSources(config, options.baseDir ?? process.cwd(), log.log, { limits: FS_LIMITS }),
    notify,
    log: log.log,
    now: () => options.now ?? NOW,
    invoke: async (functionId, payload) => {
      invocations.push({ functionId, payload })
      const fn = functions.get(functionId)
      if (fn === undefined) throw new Error(`function_not_found: Function ${functionId} not found`)
      return fn(payload)
    },
    search: {},
  }
  return { deps, state, log, fanOut, invocations, functions }
}

/** Stores `{id: body}` as skill rows straight into the world's state, as `skills::register` would. */
export function seedSkills(world: FakeWorld, rows: Record<string, string>): void {
  for (const [id, skill] of Object.entries(rows)) world.state.rows('skills').set(id, { id, skill, registered_at: 't' })
}
