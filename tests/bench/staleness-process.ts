/**
 * The cross-instance staleness measurement, in its own process: an embedded engine (its `state`
 * triggers on, off, or on behind a slow subscriber bound first) and two skills worker instances with
 * the default cache. Instance B lists back to back, as under steady listing load; instance A
 * registers a new skill now and then, and each sample is how long after A's register was
 * acknowledged the first listing through B that shows it started (0 if one started earlier already
 * showed it). Both instances register the same function ids, so the engine routes a call to only one
 * of them: the listings and registers are made through each instance's handlers directly, and
 * every state access still goes through the engine. Prints one JSON line: `{lagsMs: [...]}`.
 *
 *   staleness-process <on|off|slow> <samples> <max_staleness_ms>
 */
import { performance } from 'node:perf_hooks'
import { setImmediate as yieldToIo, setTimeout as sleep } from 'node:timers/promises'
import { registerWorker } from 'iii-sdk'
import { DEFAULT_CONFIG } from '../../src/config-types.js'
import { startEmbeddedEngine } from '../../src/embedded/index.js'
import type { CachedStateStore } from '../../src/engine/registry-cache.js'
import { HANDLERS } from '../../src/functions/index.js'
import { silentLogger } from '../../src/logger.js'
import { startSkillsWorker, type RunningWorker } from '../../src/worker.js'
import { skillBody, skillId } from './fixtures.js'

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

/** Start time of the first listing through the reader that showed each id. */
const firstSeen = new Map<string, number>()
let listing = true
const listLoop = (async () => {
  while (listing) {
    const startedAt = performance.now()
    const { skills } = await HANDLERS['skills::list']!({}, reader.deps) as { skills: Array<{ id: string }> }
    for (const { id } of skills) if (!firstSeen.has(id)) firstSeen.set(id, startedAt)
    await yieldToIo()
  }
})()

const lagsMs: number[] = []
for (let k = 0; k < samples; k++) {
  // Writes land at random points of the refresh cycle, and (behind the slow subscriber) after the
  // previous write's delayed report, which would otherwise bring this one in early.
  await sleep((topology === 'slow' ? SLOW_SUBSCRIBER_MS + 20 : 0) + Math.random() * 50)
  const id = `probe-${String(k).padStart(4, '0')}`
  await HANDLERS['skills::register']!({ id, skill: `# Probe ${k}\n\nWritten through the other instance.\n` }, writer.deps)
  const ackedAt = performance.now()
  await until(async () => firstSeen.has(id), 1)
  lagsMs.push(Math.max(0, (firstSeen.get(id) as number) - ackedAt))
}
listing = false
await listLoop
process.stdout.write(`${JSON.stringify({ lagsMs })}\n`)
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
