/**
 * The registry scopes (skills, prompts) cached in the worker, so a listing at 10,000 skills does
 * not pull every body through the engine on every call. Which results may be served is decided by
 * listing-cache.ts: a listing is never older than `cache.max_staleness_ms`, and the engine's
 * built-in `state` trigger (protocol §3), which reports writes to a bound scope from any
 * client or worker instance, makes changes show sooner. Reads of one row (`get`) are never cached:
 * they always ask the engine, so they reflect every acknowledged write, whoever made it.
 *
 * The copy is used at all only while the cache can expect to hear of writes:
 * - the worker is connected, on the connection the copy was taken on: a reconnect or an engine
 *   restart leaves a window with no binding, so a new connection starts from nothing;
 * - the engine has confirmed the binding on this connection (`engine::functions::info` lists it as a
 *   live `state` trigger of the scope). A listed binding does not prove delivery (iii-state's
 *   `triggers_enabled: false`, a slow subscriber ahead of ours, another engine on the same state
 *   adapter): the staleness bound is what keeps the promise, the binding only speeds it up.
 *
 * Otherwise every read goes to the engine, as without a cache. Values handed out are shared between
 * calls and must not be mutated.
 */
import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import type { IIIClient } from 'iii-sdk'
import type { Logger } from 'pino'
import { DEFAULT_CACHE, LOG } from '../core/index.js'
import { ScopeListings, type Freshness } from './listing-cache.js'
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
  'worker\'s cached listings show them at once.'
/** A refused or missing binding is checked again after this long. */
const RECONFIRM_AFTER_MS = 1000
/** Result keys of `list` and of `view` (named by the caller) never collide. */
const LIST_KEY = 'list'
const viewKey = (key: string) => `view:${key}`

/** The SDK connection the worker is on now, or undefined while it is not connected. */
type ConnectionId = () => string | undefined

/**
 * iii-sdk 0.22.1 keeps the worker id of the current connection (a fresh one on every connect and
 * reconnect) and the connection state on the client object, without a public getter. If a future
 * SDK drops them this returns undefined and the cache simply stays off.
 */
export function sdkConnectionId(iii: IIIClient): string | undefined {
  const sdk = iii as unknown as { workerId?: unknown; connectionState?: unknown }
  return sdk.connectionState === 'connected' && typeof sdk.workerId === 'string' ? sdk.workerId : undefined
}

class ScopeCache {
  connection: string | undefined
  readonly listings: ScopeListings

  constructor(freshness: Freshness) {
    this.listings = new ScopeListings(freshness)
  }

  /** Drops everything taken on another connection. */
  on(connection: string): void {
    if (this.connection === connection) return
    this.listings.changed()
    this.connection = connection
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
    freshness: Freshness = { maxStalenessMs: DEFAULT_CACHE.max_staleness_ms, now: () => performance.now() },
    reader: Pick<IIIClient, 'trigger'> = iii,
  ) {
    super(iii, timeoutMs, reader)
    for (const scope of scopes) this.scopes.set(scope, new ScopeCache(freshness))
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
    if (typeof scope === 'string') this.scopes.get(scope)?.listings.changed()
    else for (const cache of this.scopes.values()) cache.listings.changed()
  }

  /** True when reads of cached scopes may be served from the copy right now. */
  get trusted(): boolean {
    const connection = this.connectionId()
    return connection !== undefined && this.confirmation?.connection === connection && this.confirmation.live === true
  }

  override async list(scope: string): Promise<unknown[]> {
    const cache = this.cacheOf(scope)
    if (cache === undefined) return super.list(scope)
    return cache.listings.read(LIST_KEY, () => super.list(scope))
  }

  override async view<T>(scope: string, key: string, project: (values: unknown[]) => T | Promise<T>): Promise<T> {
    const cache = this.cacheOf(scope)
    if (cache === undefined) return project(await super.list(scope))
    return cache.listings.read(viewKey(key), async () => project(await super.list(scope)))
  }

  // `get` is deliberately not overridden: one row is always read from the engine.

  override async set(scope: string, key: string, value: unknown): Promise<unknown> {
    try {
      return await super.set(scope, key, value)
    } finally {
      this.scopes.get(scope)?.listings.changed()
    }
  }

  override async delete(scope: string, key: string): Promise<unknown> {
    try {
      return await super.delete(scope, key)
    } finally {
      this.scopes.get(scope)?.listings.changed()
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
