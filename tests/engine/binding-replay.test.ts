/**
 * Replays never double a subscription (§1.15, engine-protocol.md §2 "Replays"): whenever the engine
 * re-sends a subscriber's binding — the skills worker reconnecting and re-registering its trigger
 * types, the subscriber reconnecting, or both after an engine restart — the worker keys it by the
 * binding id again, so every mutation still reaches the subscriber exactly once.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { registerWorker, type IIIClient } from 'iii-sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG } from '../../src/core/config-types.js'
import { startEmbeddedEngine, type EmbeddedEngine } from '../../src/embedded/index.js'
import { startSkillsWorker, type RunningWorker } from '../../src/app/skills-worker.js'
import { pollUntil } from '../support/poll.js'
import { freePort } from '../support/processes.js'
import { silentLogger } from '../support/silent-logger.js'

const SDK = {
  otel: { enabled: false },
  enableMetricsReporting: false,
  reconnectionConfig: { initialDelayMs: 50, maxDelayMs: 200, jitterFactor: 0 },
} as const
const WAIT = { timeoutMs: 15_000, intervalMs: 50 }
const GRACE_MS = 300

let port: number
let engine: EmbeddedEngine
let worker: RunningWorker
let subscriber: IIIClient
const events: unknown[] = []


/** Registers a fresh skill through a short-lived client and returns the events it caused. */
async function eventsOfOneRegister(id: string): Promise<unknown[]> {
  const caller = registerWorker(engine.url, SDK)
  try {
    await pollUntil(() => caller.trigger({ function_id: 'skills::list', payload: {}, timeoutMs: 1000 }), { ...WAIT, what: 'the worker' })
    // The subscriber's binding must be back on the worker before the mutation can reach it.
    await pollUntil(async () => {
      if (worker.deps.notify.skills.size !== 1) throw new Error(`subscribers: ${worker.deps.notify.skills.size}`)
    }, { ...WAIT, what: 'one subscriber' })
    events.length = 0
    await caller.trigger({ function_id: 'skills::register', payload: { id, skill: `# ${id}\n` }, timeoutMs: 5000 })
    await pollUntil(async () => {
      if (events.length === 0) throw new Error('no event yet')
    }, { ...WAIT, what: 'the on-change event' })
    await sleep(GRACE_MS)
    return [...events]
  } finally {
    await caller.shutdown()
  }
}

beforeAll(async () => {
  port = await freePort()
  engine = await startEmbeddedEngine({ port })
  worker = await startSkillsWorker({ url: engine.url, loaded: { config: DEFAULT_CONFIG, baseDir: process.cwd() }, log: silentLogger(), sdk: SDK })
  subscriber = registerWorker(engine.url, SDK)
  subscriber.registerFunction('observer::on-change', async (payload: Record<string, unknown>) => {
    const { _caller_worker_id: _ignored, ...event } = payload
    events.push(event)
  })
  subscriber.registerTrigger({ type: 'skills::on-change', function_id: 'observer::on-change', config: {} })
})

afterAll(async () => {
  await subscriber?.shutdown()
  await worker?.shutdown()
  await engine?.close()
})

describe('re-sent subscriber bindings', () => {
  it('deliver exactly one event per mutation before any replay', async () => {
    expect(await eventsOfOneRegister('before-replay')).toEqual([{ op: 'register', id: 'before-replay' }])
  })

  it('deliver exactly one event after the skills worker reconnects and the engine replays the binding', async () => {
    const skillsId = engine.workers().find((w) => w.name === 'skills')?.id
    expect(skillsId).toBeDefined()
    expect(engine.dropWorker(skillsId as string)).toBe(true)
    expect(await eventsOfOneRegister('after-worker-reconnect')).toEqual([{ op: 'register', id: 'after-worker-reconnect' }])
  })

  it('deliver exactly one event after the engine restarts and both sides re-register', async () => {
    await engine.close()
    engine = await startEmbeddedEngine({ port })
    expect(await eventsOfOneRegister('after-engine-restart')).toEqual([{ op: 'register', id: 'after-engine-restart' }])
  })
})
