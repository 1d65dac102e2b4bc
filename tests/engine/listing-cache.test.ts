/**
 * The freshness rules of a cached scope (src/engine/listing-cache.ts) with a fake clock and loads the
 * test settles by hand: what may be served, when a load starts, which load is shared, and — over
 * random schedules of writes, reports and reads — that no result is ever older than the bound.
 */
import { describe, expect, it } from 'vitest'
import { MIN_LEAD_MS, ScopeListings } from '../../src/engine/listing-cache.js'

const MAX = 200

interface HeldLoad {
  startedAt: number
  resolve(value: string): void
  reject(error: Error): void
}

class Harness {
  t = 0
  readonly loads: HeldLoad[] = []
  readonly listings: ScopeListings

  constructor(maxStalenessMs = MAX) {
    this.listings = new ScopeListings({ maxStalenessMs, now: () => this.t })
  }

  /** A load the test settles; its value names the time it started. */
  load = (): Promise<string> => new Promise((resolve, reject) => this.loads.push({ startedAt: this.t, resolve, reject }))

  read(key = 'k'): Promise<string> {
    return this.listings.read(key, this.load)
  }

  /** Settles load `i` with a value naming its start time, then lets callbacks run. */
  async settle(i: number, after = 0): Promise<void> {
    this.t += after
    const load = this.loads[i]!
    load.resolve(`loaded@${load.startedAt}`)
    await flush()
  }

  /** The first read, its load completing `after` ms later: from then on a result loaded at t = 0. */
  async cached(after = 0): Promise<string> {
    const first = this.read()
    await this.settle(0, after)
    return first
  }
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('a completed load', () => {
  it('is served, without loading again, while it started less than max_staleness_ms ago', async () => {
    const h = new Harness()
    expect(await h.cached(5)).toBe('loaded@0')
    h.t = 100
    expect(await h.read()).toBe('loaded@0')
    expect(h.loads).toHaveLength(1)
  })

  it('is never served once it started max_staleness_ms ago: the caller waits for a new load', async () => {
    const h = new Harness()
    await h.cached()
    h.t = MAX
    const late = h.read()
    expect(h.loads).toHaveLength(2)
    expect(h.loads[1]!.startedAt).toBe(MAX)
    await h.settle(1, 3)
    expect(await late).toBe(`loaded@${MAX}`)
  })

  it('is never served after a reported write, however young', async () => {
    const h = new Harness()
    await h.cached()
    h.t = 1
    h.listings.changed()
    const next = h.read()
    expect(h.loads).toHaveLength(2)
    await h.settle(1)
    expect(await next).toBe('loaded@1')
  })

  it('is kept per key: another key loads on its own', async () => {
    const h = new Harness()
    const a = h.read('a')
    const b = h.read('b')
    expect(h.loads).toHaveLength(2)
    await h.settle(0)
    await h.settle(1)
    expect([await a, await b]).toEqual(['loaded@0', 'loaded@0'])
    expect(await h.read('a')).toBe('loaded@0')
    expect(h.loads).toHaveLength(2)
  })
})

describe('the background refresh', () => {
  it('starts once the served result reaches max_staleness_ms minus the lead, and only one at a time', async () => {
    const h = new Harness()
    await h.cached(10)
    // The first load took 10 ms: lead = 25 + 1.5 × 10 = 40 ms, so the refresh age is 160 ms.
    expect(h.listings.refreshAge('k')).toBe(MAX - (MIN_LEAD_MS + 15))
    h.t = 159
    expect(await h.read()).toBe('loaded@0')
    expect(h.loads).toHaveLength(1)
    h.t = 160
    expect(await h.read()).toBe('loaded@0')
    expect(h.loads).toHaveLength(2)
    h.t = 190
    expect(await h.read()).toBe('loaded@0')
    expect(await h.read()).toBe('loaded@0')
    expect(h.loads).toHaveLength(2)
    await h.settle(1, 1)
    expect(await h.read()).toBe('loaded@160')
    expect(h.loads).toHaveLength(2)
  })

  it('leads by at most a quarter of the bound when loads are slow, so a slow load is not refreshed on arrival', async () => {
    const h = new Harness()
    await h.cached(120)
    expect(h.listings.refreshAge('k')).toBe(MAX * 3 / 4)
    expect(await h.read()).toBe('loaded@0')
    expect(h.loads).toHaveLength(1)
  })

  it('is shared by callers that arrive after the result expired', async () => {
    const h = new Harness()
    await h.cached()
    h.t = 180
    await h.read()
    expect(h.loads).toHaveLength(2)
    h.t = 200
    const waiting = h.read()
    expect(h.loads).toHaveLength(2)
    await h.settle(1, 2)
    expect(await waiting).toBe('loaded@180')
  })

  it('is not shared once it started max_staleness_ms ago', async () => {
    const h = new Harness()
    await h.cached()
    h.t = 180
    await h.read()
    h.t = 380
    const late = h.read()
    expect(h.loads).toHaveLength(3)
    await h.settle(2)
    expect(await late).toBe('loaded@380')
    await h.settle(1)
    expect(await h.read()).toBe('loaded@380')
  })

  it('is dropped when a write is reported while it is in flight', async () => {
    const h = new Harness()
    await h.cached()
    h.t = 180
    await h.read()
    h.listings.changed()
    await h.settle(1, 1)
    const next = h.read()
    expect(h.loads).toHaveLength(3)
    await h.settle(2)
    expect(await next).toBe('loaded@181')
  })

  it('that fails leaves the current result to expire, retried by the next caller meanwhile', async () => {
    const h = new Harness()
    await h.cached()
    h.t = 180
    await h.read()
    h.loads[1]!.reject(new Error('state down'))
    await flush()
    h.t = 190
    expect(await h.read()).toBe('loaded@0')
    expect(h.loads).toHaveLength(3)
    h.loads[2]!.reject(new Error('state down'))
    await flush()
    h.t = 200
    const next = h.read()
    expect(h.loads).toHaveLength(4)
    await h.settle(3)
    expect(await next).toBe('loaded@200')
  })
})

describe('loads in flight', () => {
  it('are shared by concurrent callers', async () => {
    const h = new Harness()
    const a = h.read()
    h.t = 50
    const b = h.read()
    expect(h.loads).toHaveLength(1)
    await h.settle(0)
    expect(await a).toBe(await b)
  })

  it('are not shared across a reported write', async () => {
    const h = new Harness()
    const a = h.read()
    h.listings.changed()
    const b = h.read()
    expect(h.loads).toHaveLength(2)
    await h.settle(1)
    await h.settle(0)
    expect(await a).toBe('loaded@0')
    expect(await b).toBe('loaded@0')
    expect(h.loads).toHaveLength(2)
    expect(await h.read()).toBe('loaded@0')
    expect(h.loads).toHaveLength(2)
  })

  it('fail for their callers and are not kept', async () => {
    const h = new Harness()
    const a = h.read()
    h.loads[0]!.reject(new Error('state down'))
    await expect(a).rejects.toThrow('state down')
    const b = h.read()
    expect(h.loads).toHaveLength(2)
    await h.settle(1)
    expect(await b).toBe('loaded@0')
  })

  it('never replace a result from a load that started later', async () => {
    const h = new Harness()
    const slow = h.read()
    h.t = MAX
    const fresh = h.read()
    expect(h.loads).toHaveLength(2)
    await h.settle(1, 1)
    await h.settle(0, 1)
    expect(await slow).toBe('loaded@0')
    expect(await fresh).toBe(`loaded@${MAX}`)
    expect(await h.read()).toBe(`loaded@${MAX}`)
  })
})

describe('max_staleness_ms 0', () => {
  it('loads on every call and shares nothing', async () => {
    const h = new Harness(0)
    const a = h.read()
    const b = h.read()
    expect(h.loads).toHaveLength(2)
    await h.settle(0)
    await h.settle(1)
    await Promise.all([a, b])
    const c = h.read()
    expect(h.loads).toHaveLength(3)
    await h.settle(2)
    expect(await c).toBe('loaded@0')
  })
})

describe('over random schedules', () => {
  /** Park–Miller: the same seed gives the same schedule. */
  function random(seed: number): () => number {
    let state = seed
    return () => (state = (state * 48271) % 2147483647) / 2147483647
  }

  it.each([
    ['no write is ever reported', 0, 0],
    ['every write is reported at once', 1, 0],
    ['half the writes are reported, 150 ms late', 0.5, 150],
    ['every write is reported 400 ms late', 1, 400],
  ])('no result served is older than the bound when %s', async (_case, reportShare, reportDelayMs) => {
    for (let seed = 1; seed <= 20; seed++) {
      const next = random(seed)
      let t = 0
      const writes: number[] = []
      const reports: number[] = []
      const loads: Array<{ due: number; resolve(): void }> = []
      const listings = new ScopeListings({ maxStalenessMs: MAX, now: () => t })
      // A load sees every write made before it started (what the engine guarantees), nothing newer.
      const load = () => new Promise<number>((resolve) => {
        const seen = writes.length
        loads.push({ due: t + 1 + next() * 60, resolve: () => resolve(seen) })
      })
      const checks: Promise<void>[] = []
      let served = 0
      for (let step = 0; step < 400; step++) {
        t += next() * 20
        for (const l of loads.filter((l) => l.due <= t)) l.resolve()
        loads.splice(0, loads.length, ...loads.filter((l) => l.due > t))
        while (reports.length > 0 && reports[0]! <= t) {
          reports.shift()
          listings.changed()
        }
        await flush()
        if (next() < 0.2) {
          writes.push(t)
          if (next() < reportShare) reports.push(t + reportDelayMs)
        }
        if (next() < 0.6) {
          const calledAt = t
          const mustSee = writes.filter((w) => w < calledAt - MAX).length
          checks.push(listings.read('k', load).then((seen) => {
            served++
            expect(seen, `seed ${seed}, read at ${calledAt.toFixed(1)}`).toBeGreaterThanOrEqual(mustSee)
          }))
        }
      }
      for (const l of loads) l.resolve()
      await Promise.all(checks)
      expect(served).toBe(checks.length)
    }
  })
})
