/**
 * E10's figures for `--state-file`: a register's p50 on an engine that journals to a file against
 * one that keeps state in memory (each its own engine process with a skills worker), registers/s with
 * 8 writers, and, on a journal of its own holding 10,000 skills each written twice (so it was
 * compacted on the way), the engine's start and the file's size against its live data.
 */
import { stat, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { registerWorker, type IIIClient } from 'iii-sdk'
import { decodeJournal, encodeRecord, JOURNAL_HEADER } from '../../src/embedded/state-journal/records.js'
import { skillBody, skillId } from './fixtures.js'
import { spawnScript, type Child } from './processes.js'
import { summarize } from './stats.js'

export interface StateFileResult {
  registerMemoryP50Ms: number
  registerFileP50Ms: number
  writers: number
  fileRegistersPerS: number
  restartSkills: number
  restartStartMs: number
  fileBytes: number
  liveBytes: number
}

export interface StateFileBench {
  tmp: string
  env: NodeJS.ProcessEnv
  /** Starts a skills worker on the engine at `url`. */
  startWorker(url: string, name: string): Promise<Child>
  samples: number
  throughputMs: number
  restartSkills: number
  skillBytes: number
  log(line: string): void
}

const WRITERS = 8

export async function benchStateFile(b: StateFileBench): Promise<StateFileResult> {
  const file = join(b.tmp, 'bench-state.journal')
  const restartFile = join(b.tmp, 'bench-restart.journal')
  const memory = await serving(b, 'memory', undefined)
  const registerMemoryP50Ms = await sequentialP50(memory.call, 'mem', b.samples)
  await memory.stop()

  const journaled = await serving(b, 'file', file)
  const registerFileP50Ms = await sequentialP50(journaled.call, 'file', b.samples)
  const fileRegistersPerS = await registersPerS(journaled.call, b.throughputMs)
  b.log(`state file: register p50 ${registerFileP50Ms.toFixed(2)} ms (in memory ${registerMemoryP50Ms.toFixed(2)} ms), ` +
    `${fileRegistersPerS.toFixed(0)} registers/s with ${WRITERS} writers`)
  await journaled.stop()

  const filled = await serving(b, 'restart', restartFile)
  for (let round = 0; round < 2; round++) await fill(filled.call, b.restartSkills, b.skillBytes)
  await filled.stop()
  const { fileBytes, liveBytes } = await journalSizes(restartFile)
  const engine = spawnScript('engine-restarted', 'tests/bench/engine-process', { args: [restartFile], logFile: join(b.tmp, 'engine-restarted.log'), env: b.env })
  const restartStartMs = (JSON.parse(await engine.firstLine) as { startMs: number }).startMs
  await engine.stop()
  b.log(`state file: restart on ${b.restartSkills} skills ${restartStartMs.toFixed(0)} ms; file ${fileBytes} bytes, live data ${liveBytes} bytes`)
  return { registerMemoryP50Ms, registerFileP50Ms, writers: WRITERS, fileRegistersPerS, restartSkills: b.restartSkills, restartStartMs, fileBytes, liveBytes }
}

type Call = (functionId: string, payload: unknown) => Promise<unknown>

async function serving(b: StateFileBench, name: string, stateFile: string | undefined) {
  const engine = spawnScript(`engine-${name}`, 'tests/bench/engine-process', {
    args: stateFile === undefined ? [] : [stateFile], logFile: join(b.tmp, `engine-${name}.log`), env: b.env,
  })
  const url = (JSON.parse(await engine.firstLine) as { url: string }).url
  const worker = await b.startWorker(url, `state-${name}`)
  const client: IIIClient = registerWorker(url, { workerName: `bench-${name}`, otel: { enabled: false }, enableMetricsReporting: false })
  const call: Call = (function_id, payload) => client.trigger({ function_id, payload, timeoutMs: 60_000 })
  for (let i = 0; ; i++) {
    try {
      await call('skills::list', {})
      break
    } catch (error) {
      if (i > 80) throw error
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  return {
    call,
    stop: async () => {
      await client.shutdown()
      await worker.stop()
      await engine.stop()
    },
  }
}

async function sequentialP50(call: Call, tag: string, samples: number): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < samples + 200; i++) {
    const started = performance.now()
    await call('skills::register', { id: `bench-seq/${tag}-${i}`, skill: skillBody(i, 2048) })
    if (i >= 200) times.push(performance.now() - started)
  }
  return summarize(times).p50Ms
}

async function registersPerS(call: Call, durationMs: number): Promise<number> {
  let done = 0
  const until = performance.now() + durationMs
  const started = performance.now()
  await Promise.all(Array.from({ length: WRITERS }, async (_, w) => {
    for (let n = 0; performance.now() < until; n++) {
      await call('skills::register', { id: `bench-writers/w${w}-${n}`, skill: skillBody(n, 2048) })
      done++
    }
  }))
  return done / ((performance.now() - started) / 1000)
}

async function fill(call: Call, count: number, bytes: number): Promise<void> {
  let next = 0
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (next < count) {
      const i = next++
      await call('skills::register', { id: skillId(i), skill: skillBody(i, bytes) })
    }
  }))
}

/** The file's size, and the size of a journal holding only the latest value of each live key. */
async function journalSizes(file: string): Promise<{ fileBytes: number; liveBytes: number }> {
  const decoded = decodeJournal(await readFile(file))
  if (!decoded.ok) throw new Error(decoded.reason)
  const live = new Map<string, number>()
  for (const m of decoded.mutations) {
    const id = `${m.scope}\u0000${m.key}`
    if (m.op === 'set') live.set(id, encodeRecord(m).length)
    else live.delete(id)
  }
  let liveBytes = JOURNAL_HEADER.length
  for (const bytes of live.values()) liveBytes += bytes
  return { fileBytes: (await stat(file)).size, liveBytes }
}
