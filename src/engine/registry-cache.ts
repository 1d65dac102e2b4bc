/**
 * The registry scopes (skills, prompts) cached in the worker, so a listing at 10,000 skills does
 * not pull every body through the engine on every call. The engine's built-in `state` trigger
 * (engine-protocol.md §3) reports every write to a bound scope, from any client or worker instance;
 * a report drops that scope's copy. The copy is trusted only while the cache can be sure it has
 * heard of every write since the copy was requested:
 *
 * - the worker is connected, on the connection the copy was taken on: a reconnect or an engine
 *   restart leaves a window with no binding, so a new connection starts from nothing;
 * - the engine has confirmed the binding on this connection (`engine::functions::info` lists it as a
 *   live `state` trigger of the scope); the engine handles one worker's frames in order, so the
 *   binding is live before any later request of ours runs;
 * - no report (and no write of this worker's own) arrived since the copy was requested.
 *
 * Otherwise every read goes to the engine, as without a cache. Values handed out are shared between
 * calls and must not be mutated.
 */
import { randomUUID } from 'node:crypto'
import type { IIIClient } from 'iii-sdk'
import type { Logger } from 'pino'
import { LOG } from '../core/messages.js'
import { StateStore } from './state-store.js'

/**
 * The function the `state` trigger calls after each write to a cached scope, one per worker
 * instance (`skills::registry-changed::<uuid>`): with a shared id the engine would route every
 * instance's events to the last one that registered it, and the others would never hear of a write.
 */
export const REGISTRY_CHANGED_PREFIX = 'skills::registry-changed::'
export const STATE_TRIGGER_TYPE = 'state'
const FUNCTION_DESCRIPTION =
  'Internal: told by the engine\'s state trigger about writes to the skills and prompts scopes, so the ' +
  'worker\'s registry cache never serves a stale row.'
/** A refused or missing binding is checked again after this long. */
const RECONFIRM_AFTER_MS = 1000
/** Approximate bytes of single-key reads kept per scope; the oldest go first. */
const MAX_CACHED_GET_BYTES = 8 * 1024 * 1024

/** The SDK connection the worker is on now, or undefined while it is not connected. */
export type ConnectionId = () => string | undefined

/**
 * iii-sdk 0.22.1 keeps the worker id of the current connection (a fresh one on every connect and
 * reconnect) and the connection state on the client object, without a public getter. If a future
 * SDK drops them this returns undefined and the cache simply stays off.
 */
export function sdkConnectionId(iii: IIIClient): string | undefined {
  const sdk = iii as unknown as { workerId?: unknown; connectionState?: unknown }
  return sdk.connectionState === 'connected' && typeof sdk.workerId === 'string' ? sdk.workerId : undefined
}

/** One cached result, valid while its scope's version is unchanged. */
interface Entry<T> {
  version: number
  value: Promise<T>
}

class ScopeCache {
  /** Bumped by every write report; a result requested at an older version is never served. */
  version = 0
  connection: string | undefined
  rows: Entry<unknown[]> | undefined
  readonly views = new Map<string, Entry<unknown>>()
  readonly gets = new Map<string, { value: unknown; bytes: number }>()
  getBytes = 0

  changed(): void {
    this.version++
    this.rows = undefined
    this.views.clear()
    this.gets.clear()
    this.getBytes = 0
  }

  /** Drops everything taken on another connection. */
  on(connection: string): void {
    if (this.connection === connection) return
    this.changed()
    this.connection = connection
  }

  /**
   * The entry's value while it is current, else `compute()` remembered as the entry. Concurrent
   * callers share one computation; a failed one is forgotten so the next call tries again.
   */
  shared<T>(current: Entry<T> | undefined, remember: (entry: Entry<T> | undefined) => void, compute: () => Promise<T>): Promise<T> {
    if (current !== undefined && current.version === this.version) return current.value
    const entry: Entry<T> = { version: this.version, value: compute() }
    remember(entry)
    entry.value.catch(() => {
      if (entry.version === this.version) remember(undefined)
    })
    return entry.value
  }
}

interface Confirmation {
  connection: string
  at: number
  live?: boolean
}

export class CachedStateStore extends StateStore {
  readonly functionId = REGISTRY_CHANGED_PREFIX + randomUUID()
  private readonly scopes = new Map<string, ScopeCache>()
  private confirmation: Confirmation | undefined
  private enabled = false

  constructor(
    iii: IIIClient,
    timeoutMs: number,
    scopes: string[],
    private readonly log: Logger,
    private readonly connectionId: ConnectionId = () => sdkConnectionId(iii),
  ) {
    super(iii, timeoutMs)
    for (const scope of scopes) this.scopes.set(scope, new ScopeCache())
  }

  /** Registers the change function and binds it to the `state` trigger of every cached scope. */
  bind(): void {
    this.iii.registerFunction(this.functionId, async (event: unknown) => {
      this.stateChanged(event)
    }, { description: FUNCTION_DESCRIPTION, metadata: { internal: true } })
    for (const scope of this.scopes.keys()) {
      this.iii.registerTrigger({ type: STATE_TRIGGER_TYPE, function_id: this.functionId, config: { scope } })
    }
  }

  /** A `state` trigger event: drops the copy of its scope (of every scope if it names none). */
  stateChanged(event: unknown): void {
    const scope = typeof event === 'object' && event !== null ? (event as { scope?: unknown }).scope : undefined
    if (typeof scope === 'string') this.scopes.get(scope)?.changed()
    else for (const cache of this.scopes.values()) cache.changed()
  }

  /** True when reads of cached scopes may be served from the copy right now. */
  get trusted(): boolean {
    const connection = this.connectionId()
    return connection !== undefined && this.confirmation?.connection === connection && this.confirmation.live === true
  }

  override async list(scope: string): Promise<unknown[]> {
    const cache = this.cacheOf(scope)
    if (cache === undefined) return super.list(scope)
    return cache.shared(cache.rows, (entry) => (cache.rows = entry), () => super.list(scope))
  }

  override async view<T>(scope: string, key: string, project: (values: unknown[]) => T): Promise<T> {
    const cache = this.cacheOf(scope)
    if (cache === undefined) return project(await super.list(scope))
    const current = cache.views.get(key) as Entry<T> | undefined
    return cache.shared(current, (entry) => (entry === undefined ? cache.views.delete(key) : cache.views.set(key, entry)),
      async () => project(await super.list(scope)))
  }

  override async get(scope: string, key: string): Promise<unknown> {
    const cache = this.cacheOf(scope)
    if (cache === undefined) return super.get(scope, key)
    const hit = cache.gets.get(key)
    if (hit !== undefined) return hit.value
    const { version } = cache
    const value = await super.get(scope, key)
    if (cache.version === version) remember(cache, key, value)
    return value
  }

  override async set(scope: string, key: string, value: unknown): Promise<unknown> {
    try {
      return await super.set(scope, key, value)
    } finally {
      this.scopes.get(scope)?.changed()
    }
  }

  override async delete(scope: string, key: string): Promise<unknown> {
    try {
      return await super.delete(scope, key)
    } finally {
      this.scopes.get(scope)?.changed()
    }
  }

  /** The scope's cache when it may be used now (switched to the current connection), else undefined. */
  private cacheOf(scope: string): ScopeCache | undefined {
    const cache = this.scopes.get(scope)
    if (cache === undefined) return undefined
    const connection = this.trustedConnection()
    if (connection === undefined) return undefined
    cache.on(connection)
    return cache
  }

  /**
   * The current connection when the binding is confirmed on it; else undefined, after starting a
   * confirmation if none is running for this connection (requests never wait for one).
   */
  private trustedConnection(): string | undefined {
    const connection = this.connectionId()
    const current = this.confirmation
    if (connection !== undefined && current?.connection === connection && current.live === true) {
      this.report(true)
      return connection
    }
    this.report(false)
    if (connection === undefined) return undefined
    const stale = current?.connection !== connection || (current.live === false && Date.now() - current.at >= RECONFIRM_AFTER_MS)
    if (stale) void this.confirm(connection)
    return undefined
  }

  private async confirm(connection: string): Promise<void> {
    const confirmation: Confirmation = { connection, at: Date.now() }
    this.confirmation = confirmation
    let live = false
    try {
      live = this.bindingLive(await this.iii.trigger({
        function_id: 'engine::functions::info',
        payload: { function_id: this.functionId },
        timeoutMs: this.timeoutMs,
      }))
    } catch {
      // No answer is no confirmation: reads keep going to the engine, and we ask again later.
    }
    confirmation.at = Date.now()
    confirmation.live = live
  }

  private bindingLive(info: unknown): boolean {
    const triggers = (info as { registered_triggers?: unknown } | undefined)?.registered_triggers
    if (!Array.isArray(triggers)) return false
    const bound = new Set(triggers
      .filter((t) => t?.trigger_type === STATE_TRIGGER_TYPE)
      .map((t) => (t.config as { scope?: unknown } | undefined)?.scope))
    return [...this.scopes.keys()].every((scope) => bound.has(scope))
  }

  /** Logs when the cache turns on or off. */
  private report(on: boolean): void {
    if (on === this.enabled) return
    this.enabled = on
    this.log.info({ scopes: [...this.scopes.keys()] }, on ? LOG.registryCacheOn : LOG.registryCacheOff)
  }
}

function remember(cache: ScopeCache, key: string, value: unknown): void {
  const bytes = approximateBytes(value)
  if (bytes > MAX_CACHED_GET_BYTES) return
  cache.getBytes += bytes - (cache.gets.get(key)?.bytes ?? 0)
  cache.gets.set(key, { value, bytes })
  for (const [oldest, entry] of cache.gets) {
    if (cache.getBytes <= MAX_CACHED_GET_BYTES) break
    cache.gets.delete(oldest)
    cache.getBytes -= entry.bytes
  }
}

// {id: "a", skill: "# A\n…"} => 64 + 2 × (1 + 5): strings dominate a registry row.
function approximateBytes(value: unknown): number {
  let bytes = 64
  if (typeof value === 'object' && value !== null) {
    for (const field of Object.values(value)) if (typeof field === 'string') bytes += 2 * field.length
  } else if (typeof value === 'string') bytes += 2 * value.length
  return bytes
}
