/**
 * The freshness rules of one cached state scope, apart from the engine (unit-tested with a fake
 * clock and an injected loader in tests/engine/listing-cache.test.ts).
 *
 * A listing result may be served only while
 * - no write to the scope was reported since the `state::list` it came from was sent (`changed()`:
 *   the `state` trigger's report, or a write of this worker instance), and
 * - that `state::list` STARTED less than `maxStalenessMs` ago.
 * The second rule alone bounds staleness whoever wrote and whether or not the trigger reports it:
 * a write acknowledged before the `state::list` was sent is in its answer, so a result served at
 * time t reflects every write acknowledged before t − maxStalenessMs. The trigger only makes changes
 * show sooner.
 *
 * While a result is being served it is refreshed in the background shortly before it expires (one
 * refresh in flight per key), so steady listing load rarely waits for `state::list`. Concurrent
 * callers share one load; a failed load is not kept. Nothing here runs on a timer: with no calls,
 * nothing is read.
 */

/** A monotonic clock in milliseconds (`performance.now()`): wall-clock jumps must not extend a result's life. */
type Clock = () => number

export interface Freshness {
  /** A result whose load started this long ago or longer is never served (0: every call loads). */
  maxStalenessMs: number
  now: Clock
}

/**
 * A background refresh starts once a served result's age reaches maxStalenessMs − lead, with
 * lead = MIN_LEAD_MS + 1.5 × the key's last load time, at most maxStalenessMs / 4: early enough that
 * it usually lands before expiry, and never more than about one load per 3/4 of the bound. A load
 * is as old as its start, so one that takes half the bound arrives half-expired; leading by its
 * whole length would refresh twice per bound (a 20 MB `state::list` at 10,000 skills takes
 * 200–500 ms here). When a refresh lands after expiry, callers meanwhile wait for it.
 */
export const MIN_LEAD_MS = 25

interface Load<T> {
  /** The scope's version when the load started. */
  version: number
  startedAt: number
  value: Promise<T>
}

interface Slot {
  /** The newest completed load. */
  ready?: Load<unknown>
  /** The load in flight, if any (at most one per key). */
  pending?: Load<unknown>
}

export class ScopeListings {
  /** Bumped by every reported write; a load started at an older version is never served. */
  private version = 0
  private slots = new Map<string, Slot>()
  /** Last load time per key, kept across writes to time the background refresh. */
  private readonly loadMs = new Map<string, number>()

  constructor(private readonly freshness: Freshness) {}

  /** A write to the scope was reported: nothing loaded before now may be served. */
  changed(): void {
    this.version++
    this.slots = new Map()
  }

  /**
   * The result for `key`: the newest one the rules allow, else `load()` (shared with concurrent
   * callers). Values are shared between calls and must not be mutated.
   */
  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.freshness.now()
    let slot = this.slots.get(key)
    if (slot === undefined) this.slots.set(key, (slot = {}))
    const { ready, pending } = slot
    if (ready !== undefined && this.servable(ready, now)) {
      if (pending === undefined && now - ready.startedAt >= this.refreshAge(key)) {
        this.start(slot, key, load).value.catch(() => {
          // A failed background refresh leaves the current result to expire; the next caller loads.
        })
      }
      return ready.value as Promise<T>
    }
    if (pending !== undefined && this.servable(pending, now)) return pending.value as Promise<T>
    return this.start(slot, key, load).value
  }

  /** The age at which a served result of `key` is refreshed in the background. */
  refreshAge(key: string): number {
    const max = this.freshness.maxStalenessMs
    const lead = Math.min(max / 4, MIN_LEAD_MS + 1.5 * (this.loadMs.get(key) ?? 0))
    return max - lead
  }

  private servable(load: Load<unknown>, now: number): boolean {
    return load.version === this.version && now - load.startedAt < this.freshness.maxStalenessMs
  }

  private start<T>(slot: Slot, key: string, load: () => Promise<T>): Load<T> {
    const startedAt = this.freshness.now()
    const entry: Load<T> = { version: this.version, startedAt, value: load() }
    slot.pending = entry
    entry.value.then(() => {
      if (slot.pending === entry) slot.pending = undefined
      this.loadMs.set(key, this.freshness.now() - startedAt)
      const newer = slot.ready === undefined || slot.ready.startedAt <= startedAt
      if (entry.version === this.version && newer && this.freshness.maxStalenessMs > 0) slot.ready = entry
    }, () => {
      if (slot.pending === entry) slot.pending = undefined
    })
    return entry
  }
}
