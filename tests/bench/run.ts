/**
 * `npm run bench`: the skills worker against the engine floor, in one run. The embedded engine, the
 * skills worker and a floor worker run as separate processes; this process is the caller. Each case
 * is warmed up, then timed call by call next to its floor: a no-op function of the floor worker that
 * returns the very response the case produced (same bytes, same JSON shape), so transfer and JSON
 * costs are in the floor and the ratio shows what the worker adds on top.
 *
 *   --json <path>      also write the figures as JSON (to compare runs)
 *   --quick            small budgets: a smoke run, not a measurement
 *   --max-skills <n>   stop the registry ladder at n (100, 1000 or 10000; default 10000)
 *   --cpu-prof <dir>   run the worker and the engine under --cpu-prof, profiles into <dir>
 *   --only <regex>     measure only the cases whose id matches (e.g. 'list@|index@'); loading still runs
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { registerWorker, type IIIClient } from 'iii-sdk'
import { FLOOR_LOAD, FLOOR_PREFIX, PROMPT_HANDLER } from './floor.js'
import { skillBody, skillId, writeFsSkills } from './fixtures.js'
import { benchSearch, searchTargets } from './search-case.js'
import { FULL_BUDGET, QUICK_BUDGET, latencyPair, throughputOf, warmUp, type Budget } from './measure.js'
import { memoryOf, runningFromSources, spawnScript, type Child, type Memory } from './processes.js'
import { evaluateTargets, growthRows, MIB, renderReport, type BenchReport, type CaseResult, type MemoryResult } from './report.js'

const CALL_TIMEOUT_MS = 120_000
const LOAD_CONCURRENCY = 16
const SKILL_BYTES = 2048
const REGISTER_BYTES = 1024
const FS_SKILLS = 2000
const LADDER = [100, 1000, 10_000]
/** Called once after each registration step, so the measured RSS includes a filled cache. */
const LISTINGS: Array<[string, unknown]> = [
  ['skills::list', {}], ['skills::resources-read', { uri: 'iii://skills' }], ['skills::resources-list', {}],
]

const { values: flags } = parseArgs({
  options: {
    json: { type: 'string' },
    quick: { type: 'boolean', default: false },
    'max-skills': { type: 'string', default: '10000' },
    'cpu-prof': { type: 'string' },
    only: { type: 'string' },
  },
})
const only = flags.only === undefined ? undefined : new RegExp(flags.only)
const budget: Budget = flags.quick ? QUICK_BUDGET : FULL_BUDGET
/** Idle time after loading the largest registry before its RSS is read: V8's memory reducer runs after ~10 s. */
const SETTLE_MS = flags.quick ? 2000 : 15_000
const maxSkills = Number(flags['max-skills'])
const profileDir = flags['cpu-prof'] === undefined ? undefined : resolve(flags['cpu-prof'])
const nodeFlags = profileDir === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', profileDir]
const childEnv = { OTEL_ENABLED: 'false', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' }

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`)
// The SDK announces OTel and connections with console.debug on stdout, where the table goes.
console.debug = () => {}

async function main(): Promise<void> {
  const tmp = await mkdtemp(join(tmpdir(), 'skills-bench-'))
  const children: Child[] = []
  const clients: IIIClient[] = []
  let finished = false
  try {
    const engine = spawnScript('engine', 'tests/bench/engine-process', { logFile: join(tmp, 'engine.log'), env: childEnv, nodeFlags })
    children.push(engine)
    const url = (JSON.parse(await engine.firstLine) as { url: string }).url
    children.push(spawnScript('floor', 'tests/bench/floor-worker', { args: [url], logFile: join(tmp, 'floor.log'), env: childEnv }))
    const stateWorker = await startSkillsWorker(url, tmp, 'state', {}, children)
    const client = registerWorker(url, {
      workerName: 'bench-driver', otel: { enabled: false }, enableMetricsReporting: false, invocationTimeoutMs: CALL_TIMEOUT_MS,
    })
    clients.push(client)
    const call = (functionId: string, payload: unknown) => client.trigger({ function_id: functionId, payload, timeoutMs: CALL_TIMEOUT_MS })
    await until(() => call('skills::list', {}))
    await until(() => call(FLOOR_LOAD, { name: 'probe', response: null }))
    log(`engine ${url}, workers up (${runningFromSources ? 'sources under tsx' : 'built dist/'}), logs in ${tmp}`)

    const cases: CaseResult[] = []
    const run = async (id: string, label: string, functionId: string, payload: unknown, skills?: number) => {
      if (only !== undefined && !only.test(id)) return
      const result = await measureCase(call, { id, label, functionId, payload, skills })
      cases.push(result)
      log(`${id}: p50 ${result.op.latency.p50Ms.toFixed(2)} ms, floor ${result.floor.latency.p50Ms.toFixed(2)} ms`)
    }

    let registered = 0
    let loaded: Memory | undefined
    let settled: Memory | undefined
    const ladder = LADDER.filter((n) => n <= maxSkills)
    for (const size of ladder) {
      await registerSkills(call, registered, size)
      registered = size
      for (const [functionId, payload] of LISTINGS) await call(functionId, payload)
      await sleep(1000)
      loaded = memoryOf(stateWorker.pid)
      log(`${size} skills registered, worker RSS ${mib(loaded)} MiB`)
      if (size === ladder.at(-1)) {
        // V8 gives the garbage of the registration burst back only after a few idle seconds.
        await sleep(SETTLE_MS)
        settled = memoryOf(stateWorker.pid)
        log(`worker RSS ${mib(settled)} MiB after ${SETTLE_MS / 1000} s idle`)
      }
      if (size === LADDER[0]) {
        await run('register', 'skills::register (1 KiB body)', 'skills::register', { id: 'bench-register', skill: skillBody(0, REGISTER_BYTES) }, size)
        await call('skills::unregister', { id: 'bench-register' })
      }
      await run(`index@${size}`, 'iii://skills index (resources-read)', 'skills::resources-read', { uri: 'iii://skills' }, size)
      await run(`list@${size}`, 'skills::list', 'skills::list', {}, size)
    }
    await run(`resources-list@${registered}`, 'skills::resources-list', 'skills::resources-list', {}, registered)
    await run('read', 'resources-read of a state skill', 'skills::resources-read', { uri: `iii://${skillId(registered >> 1)}` }, registered)
    const uris = Array.from({ length: 10 }, (_, i) => `iii://${skillId(Math.floor((i * registered) / 10))}`)
    await run('fetch10', 'skill::fetch of 10 URIs', 'skill::fetch', { uris }, registered)
    await call('prompts::register', { name: 'bench-prompt', description: 'A prompt whose handler returns a string.', arguments: [], function_id: PROMPT_HANDLER })
    await run('mcp-get', 'prompts::mcp-get (string handler)', 'prompts::mcp-get', { name: 'bench-prompt', arguments: {} })
    const after = memoryOf(stateWorker.pid)
    const memory: MemoryResult | undefined = loaded === undefined || settled === undefined || after === undefined ? undefined : {
      skills: registered,
      loadedRssBytes: loaded.rssBytes,
      settledRssBytes: settled.rssBytes,
      afterCasesRssBytes: after.rssBytes,
      peakRssBytes: after.peakRssBytes,
    }
    await stateWorker.stop()
    await benchSearch({
      startWorker: (config) => startSkillsWorker(url, tmp, 'search', config, children),
      call,
      register: (from, to) => registerSkills(call, from, to),
      measure: (c) => run(c.id, c.label, c.functionId, c.payload, c.skills),
      wanted: (id) => only === undefined || only.test(id),
      maxSkills,
    })

    await writeFsSkills(join(tmp, 'fs-skills'), FS_SKILLS, SKILL_BYTES)
    const fsConfig = { scopes: { skills: 'bench-fs-skills', prompts: 'bench-fs-prompts' }, skills: ['fs-skills/**/*.md'] }
    await startSkillsWorker(url, tmp, 'fs', fsConfig, children)
    await until(() => call('skills::list', {}).then((r) => {
      if ((r as { skills: unknown[] }).skills.length !== FS_SKILLS) throw new Error('fs worker not serving yet')
    }))
    await run('fs-list', `skills::list over ${FS_SKILLS.toLocaleString('en-US')} fs skills`, 'skills::list', {}, FS_SKILLS)

    const growth = growthRows(cases, ['index', 'list'])
    const report: BenchReport = {
      meta: {
        date: new Date().toISOString(),
        commit: gitCommit(),
        node: process.version,
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model,
        quick: flags.quick,
        budget,
        floor: 'a no-op function of a second worker process, called through the same engine, returning the identical response',
      },
      cases,
      memory,
      growth,
      targets: [...evaluateTargets(cases, growth, memory), ...searchTargets(cases)],
    }
    process.stdout.write(`\n${renderReport(report)}`)
    if (flags.json !== undefined) {
      await writeFile(flags.json, `${JSON.stringify(report, null, 2)}\n`)
      log(`figures written to ${flags.json}`)
    }
    finished = true
  } finally {
    for (const client of clients) await client.shutdown()
    for (const child of children.reverse()) await child.stop()
    // The process logs stay for a post-mortem when the run failed.
    if (finished) await rm(tmp, { recursive: true, force: true })
  }
}

async function startSkillsWorker(url: string, tmp: string, name: string, config: object, children: Child[]): Promise<Child> {
  const configPath = join(tmp, `${name}-config.yaml`)
  // JSON is valid YAML: the worker's config loader reads it as is.
  await writeFile(configPath, JSON.stringify({ state_timeout_ms: 60_000, ...config }))
  const child = spawnScript(`worker-${name}`, 'src/main', {
    args: ['--url', url, '--config', configPath], logFile: join(tmp, `worker-${name}.log`), env: childEnv, nodeFlags,
  })
  children.push(child)
  return child
}

type Invoke = (functionId: string, payload: unknown) => Promise<unknown>

async function registerSkills(call: Invoke, from: number, to: number): Promise<void> {
  let next = from
  const lane = async () => {
    while (next < to) {
      const i = next++
      await call('skills::register', { id: skillId(i), skill: skillBody(i, SKILL_BYTES) })
    }
  }
  await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, lane))
}

interface CaseSpec {
  id: string
  label: string
  functionId: string
  payload: unknown
  skills?: number
}

async function measureCase(call: Invoke, spec: CaseSpec): Promise<CaseResult> {
  const op = () => call(spec.functionId, spec.payload)
  const response = await warmUp(op, budget.warmupCalls)
  await call(FLOOR_LOAD, { name: spec.id, response })
  const floor = () => call(FLOOR_PREFIX + spec.id, spec.payload)
  await warmUp(floor, budget.warmupCalls)
  const latency = await latencyPair(op, floor, budget)
  const opThroughput = await throughputOf(op, budget)
  const floorThroughput = await throughputOf(floor, budget)
  return {
    id: spec.id,
    label: spec.label,
    skills: spec.skills,
    functionId: spec.functionId,
    responseBytes: Buffer.byteLength(JSON.stringify(response) ?? ''),
    op: { latency: latency.op, throughputPerS: opThroughput },
    floor: { latency: latency.floor, throughputPerS: floorThroughput },
  }
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return undefined
  }
}

function mib(memory: Memory | undefined): string {
  return ((memory?.rssBytes ?? NaN) / MIB).toFixed(1)
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

async function until(probe: () => Promise<unknown>, attempts = 80, intervalMs = 250): Promise<void> {
  let lastError: unknown
  for (let i = 0; i < attempts; i++) {
    try {
      await probe()
      return
    } catch (error) {
      lastError = error
      await sleep(intervalMs)
    }
  }
  throw new Error(`gave up waiting: ${String(lastError)}`)
}

main().then(() => process.exit(0), (error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})
