/**
 * What the `cache` config does to a running worker: on by default (logged with its bound), off with
 * `cache: {enabled: false}` — no cache object, no change function, every listing reads state, as
 * upstream — and `max_staleness_ms: 0`, where the cache still exists but every listing reads state.
 */
import { registerWorker, type IIIClient } from 'iii-sdk'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG, type CacheConfig } from '../../src/core/config-types.js'
import { LOG } from '../../src/core/messages.js'
import { startEmbeddedEngine, type EmbeddedEngine } from '../../src/embedded/index.js'
import { CachedStateStore, REGISTRY_CHANGED_PREFIX } from '../../src/engine/registry-cache.js'
import { StateStore } from '../../src/engine/state-store.js'
import { startSkillsWorker, type RunningWorker } from '../../src/app/skills-worker.js'
import { pollUntil } from '../support/poll.js'
import { SDK_OPTIONS as SDK } from '../support/sdk-client.js'
import { captureLogger, type CapturedLog } from '../support/temp-tree.js'
import { HANDLERS } from '../support/handlers.js'

const WAIT = { timeoutMs: 15_000, intervalMs: 20 }

let engine: EmbeddedEngine
let worker: RunningWorker | undefined
let client: IIIClient
let log: CapturedLog

const stateLists = () => engine.frames.filter((f) => f.direction === 'in' && f.text.includes('"function_id":"state::list"')).length

async function start(cache?: CacheConfig): Promise<RunningWorker> {
  worker = await startSkillsWorker({
    url: engine.url,
    loaded: { config: { ...DEFAULT_CONFIG, ...(cache === undefined ? {} : { cache }) }, baseDir: process.cwd() },
    log: log.log,
    sdk: SDK,
  })
  await pollUntil(() => client.trigger({ function_id: 'skills::list', payload: {}, timeoutMs: 1000 }), { ...WAIT, what: 'the worker' })
  return worker
}

/** Listings made back to back, and the state::list calls they cost. */
async function listingsCost(w: RunningWorker, n: number): Promise<number> {
  const before = stateLists()
  for (let i = 0; i < n; i++) {
    await HANDLERS['skills::list']!({}, w.deps)
    await HANDLERS['skills::resources-read']!({ uri: 'iii://skills' }, w.deps)
  }
  return stateLists() - before
}

beforeEach(async () => {
  engine = await startEmbeddedEngine({ recordFrames: true })
  client = registerWorker(engine.url, SDK)
  log = captureLogger()
})

afterEach(async () => {
  await client.shutdown()
  await worker?.shutdown()
  worker = undefined
  await engine.close()
})

describe('the registry cache', () => {
  it('is on by default, says so with its bound, and serves listings from its copy', async () => {
    const w = await start()
    expect(w.deps.state).toBeInstanceOf(CachedStateStore)
    expect(log.lines()).toContainEqual(expect.objectContaining({ msg: LOG.registryCacheConfigured, max_staleness_ms: 1000 }))
    await pollUntil(async () => {
      await HANDLERS['skills::list']!({}, w.deps)
      if (!(w.deps.state as CachedStateStore).trusted) throw new Error('not on yet')
    }, { ...WAIT, what: 'the cache to turn on' })
    expect(await listingsCost(w, 5)).toBeLessThanOrEqual(1)
  })

  it('is absent with cache.enabled false: no change function, and every listing reads state', async () => {
    const w = await start({ enabled: false, max_staleness_ms: 1000 })
    expect(w.deps.state).not.toBeInstanceOf(CachedStateStore)
    expect(w.deps.state).toBeInstanceOf(StateStore)
    expect(log.messages()).toContain(LOG.registryCacheDisabled)
    expect(log.messages()).not.toContain(LOG.registryCacheConfigured)
    expect(engine.listFunctions().filter((f) => f.function_id.startsWith(REGISTRY_CHANGED_PREFIX))).toEqual([])
    expect(await listingsCost(w, 5)).toBe(10)
  })

  it('reads state for every listing with max_staleness_ms 0', async () => {
    const w = await start({ enabled: true, max_staleness_ms: 0 })
    await pollUntil(async () => {
      await HANDLERS['skills::list']!({}, w.deps)
      if (!(w.deps.state as CachedStateStore).trusted) throw new Error('not on yet')
    }, { ...WAIT, what: 'the binding to be confirmed' })
    expect(await listingsCost(w, 5)).toBe(10)
  })
})
