/**
 * The cross-instance staleness measurement, in its own process: an embedded engine (its `state`
 * triggers on, off, or on behind a slow subscriber bound first) and two skills worker instances with
 * the default cache. Instance B lists back to back, as under steady listing load; instance A
 * registers a new skill now and then, at random points of B's refresh cycle. For each write it
 * records, relative to A's acknowledgement:
 * - `lagMs`: when the first listing through B that shows the skill started;
 * - `staleMs`: when the last listing through B that still missed it started (0 if none did).
 * The contract bounds `staleMs` (a listing that starts max_staleness_ms after the write shows it);
 * `lagMs` also counts the gap until the loop's next call, which a busy machine can stretch.
 * Both instances register the same function ids, so the engine routes a call to only one of them:
 * the listings and registers are made through each instance's handlers directly, and every state
 * access still goes through the engine. Prints one JSON line: `{samples: [{lagMs, staleMs}, …]}`.
 *
 *   staleness-process <on|off|slow> <samples> <max_staleness_ms>
 */
import { performance } from 'node:perf_hooks'
import { setImmediate as yieldToIo, setTimeout as sleep } from 'node:timers/promises'
import { registerWorker } from 'iii-sdk'
import { DEFAULT_CONFIG } from '../../src/core/config-types.js'
import { startEmbeddedEngine } from '../../src/embedded/index.js'
import type { CachedStateStore } from '../../src/engine/registry-cache.js'
import { startSkillsWorker, type RunningWorker } from '../../src/app/skills-worker.js'
import { skillBody, skillId } from './fixtures.js'
import { silentLogger } from '../support/silent-logger.js'
import { HANDLERS } from '../support/handlers.js'

export const SLOW_SUBSCRIBER_MS = 100
const REGISTRY_SKILLS = 100
const SDK = { otel: { enabled: false }, enableMetricsReporting: false } as const

const [topology, samplesArg, maxArg] = process.argv.slice(2)
if (topology !== 'on' && topology !== 'off' && topology !== 'slow') throw new Error('usage: staleness-process <on|off|slow> <samples> <max_staleness_ms>')
const samples = Number(samplesArg)
const maxStalenessMs = Number(maxArg)
console.debug = () => {}

const engine = await startEmbeddedEngine({ port: 0, triggersEnabled: topology !== 'off' })
const slow = topology === 'slow' ? registerWorker(engine.url, SDK) : undefined
if (slow !== undefined) {
  slow.registerFunction('bench::slow-on-state', async () => {
    await sleep(SLOW_SUBSCRIBER_MS)
  })
  slow.registerTrigger({ type: 'state', function_id: 'bench::slow-on-state', config: { scope: 'skills' } })
  await until(async () => {
    const info = await engine.invoke('engine::functions::info', { function_id: 'bench::slow-on-state' }) as { registered_triggers?: unknown[] }
    return info.registered_triggers?.length === 1
  })
}
const config = { ...DEFAULT_CONFIG, cache: { enabled: true, max_staleness_ms: maxStalenessMs } }
const start = () => startSkillsWorker({ url: engine.url, loaded: { config, baseDir: process.cwd() }, log: silentLogger(), sdk: SDK })
const [writer, reader] = [await start(), await start()] as [RunningWorker, RunningWorker]
for (const w of [writer, reader]) {
  await until(async () => {
    await HANDLERS['skills::list']!({}, w.deps)
    return (w.deps.state as CachedStateStore).trusted
  })
}
for (let i = 0; i < REGISTRY_SKILLS; i++) await HANDLERS['skills::register']!({ id: skillId(i), skill: skillBody(i, 2048) }, writer.deps)

interface Probe {
  id: string
  ackedAt: number
  firstSeenAt?: number
  lastMissedAt?: number
}

let probe: Probe | undefined
let listing = true
const listLoop = (async () => {
  while (listing) {
    const startedAt = performance.now()
    const { skills } = await HANDLERS['skills::list']!({}, reader.deps) as { skills: Array<{ id: string }> }
    const current = probe
    if (current !== undefined && startedAt >= current.ackedAt) {
      if (skills.some((s) => s.id === current.id)) current.firstSeenAt ??= startedAt
      else current.lastMissedAt = startedAt
    }
    await yieldToIo()
  }
})()

const samplesOut: Array<{ lagMs: number; staleMs: number }> = []
for (let k = 0; k < samples; k++) {
  // Writes land at random points of B's refresh cycle (with triggers off the cycle is the bound
  // itself), and behind the slow subscriber after the previous write's delayed report, which would
  // otherwise bring this one in early.
  const spread = topology === 'off' ? maxStalenessMs : 50
  await sleep((topology === 'slow' ? SLOW_SUBSCRIBER_MS + 20 : 0) + Math.random() * spread)
  const id = `probe-${String(k).padStart(4, '0')}`
  await HANDLERS['skills::register']!({ id, skill: `# Probe ${k}\n\nWritten through the other instance.\n` }, writer.deps)
  const current: Probe = { id, ackedAt: performance.now() }
  probe = current
  await until(async () => current.firstSeenAt !== undefined, 1)
  samplesOut.push({
    lagMs: Math.max(0, (current.firstSeenAt as number) - current.ackedAt),
    staleMs: current.lastMissedAt === undefined ? 0 : current.lastMissedAt - current.ackedAt,
  })
}
listing = false
await listLoop
process.stdout.write(`${JSON.stringify({ samples: samplesOut })}\n`)
await writer.shutdown()
await reader.shutdown()
await slow?.shutdown()
await engine.close()
process.exit(0)

async function until(probe: () => Promise<boolean>, intervalMs = 20, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!(await probe().catch(() => false))) {
    if (performance.now() > deadline) throw new Error('staleness probe timed out')
    await sleep(intervalMs)
  }
}
