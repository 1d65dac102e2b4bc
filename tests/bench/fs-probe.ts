/**
 * A quick probe of the fs index at scale (not part of `npm run bench`): 10,000 fs skills of 1 KiB in
 * 100 folders, served by a worker process; p50 of `skills::list`, the index, one fs read and the
 * floor of each, and the worker's RSS after loading and listing. `node dist/tests/bench/fs-probe.js [count]`
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { registerWorker } from 'iii-sdk'
import { FLOOR_LOAD, FLOOR_PREFIX } from './floor.js'
import { skillId, writeFsSkills } from './fixtures.js'
import { FULL_BUDGET, latencyPair, warmUp } from './measure.js'
import { memoryOf, spawnScript, type Child } from './processes.js'

console.debug = () => {}
const COUNT = Number(process.argv[2] ?? 10_000)
const env = { OTEL_ENABLED: 'false', LOG_LEVEL: 'warn' }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const mib = (bytes: number | undefined) => ((bytes ?? NaN) / 1024 / 1024).toFixed(1)

async function main(): Promise<void> {
  const tmp = await mkdtemp(join(tmpdir(), 'fs-probe-'))
  const children: Child[] = []
  const engine = spawnScript('engine', 'tests/bench/engine-process', { logFile: join(tmp, 'engine.log'), env })
  children.push(engine)
  const url = (JSON.parse(await engine.firstLine) as { url: string }).url
  children.push(spawnScript('floor', 'tests/bench/floor-worker', { args: [url], logFile: join(tmp, 'floor.log'), env }))
  await writeFsSkills(join(tmp, 'skills'), COUNT, 1024)
  const config = join(tmp, 'config.yaml')
  await writeFile(config, JSON.stringify({ state_timeout_ms: 60_000, skills: ['skills/**/*.md'] }))
  const worker = spawnScript('worker', 'src/main', { args: ['--url', url, '--config', config], logFile: join(tmp, 'worker.log'), env })
  children.push(worker)
  const client = registerWorker(url, { workerName: 'fs-probe', otel: { enabled: false }, enableMetricsReporting: false })
  const call = (function_id: string, payload: unknown) => client.trigger({ function_id, payload, timeoutMs: 120_000 })
  for (;;) {
    try {
      const r = (await call('skills::list', {})) as { skills: unknown[] }
      if (r.skills.length === COUNT) break
    } catch {}
    await sleep(250)
  }
  for (const [f, p] of [['skills::list', {}], ['skills::resources-read', { uri: 'iii://skills' }], ['skills::resources-list', {}]] as const) await call(f, p)
  await sleep(1000)
  console.log(`worker RSS after loading and listing ${COUNT} fs skills: ${mib(memoryOf(worker.pid)?.rssBytes)} MiB (peak ${mib(memoryOf(worker.pid)?.peakRssBytes)})`)
  const cases: Array<[string, string, unknown]> = [
    ['list', 'skills::list', {}],
    ['index', 'skills::resources-read', { uri: 'iii://skills' }],
    ['read', 'skills::resources-read', { uri: `iii://team-${String((COUNT >> 1) / 100 | 0).padStart(2, '0')}/${skillId(COUNT >> 1)}` }],
  ]
  for (const [id, fn, payload] of cases) {
    const op = () => call(fn, payload)
    const response = await warmUp(op, 10)
    await call(FLOOR_LOAD, { name: id, response })
    const floor = () => call(FLOOR_PREFIX + id, payload)
    await warmUp(floor, 10)
    const { op: o, floor: f } = await latencyPair(op, floor, FULL_BUDGET)
    console.log(`${id}: p50 ${o.p50Ms.toFixed(2)} ms (floor ${f.p50Ms.toFixed(2)} ms, ${(o.p50Ms / f.p50Ms).toFixed(2)}x), p99 ${o.p99Ms.toFixed(2)}`)
  }
  console.log(`worker RSS at the end: ${mib(memoryOf(worker.pid)?.rssBytes)} MiB (peak ${mib(memoryOf(worker.pid)?.peakRssBytes)})`)
  await client.shutdown()
  for (const child of children.reverse()) await child.stop()
  await rm(tmp, { recursive: true, force: true })
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error)
  process.exit(1)
})
