/**
 * `npm run bench`: the skills worker against the engine floor, in one run. The embedded engine, the
 * skills worker and a floor worker run as separate processes; this process is the caller. Each case
 * is warmed up, then timed call by call next to its floor: a no-op function of the floor worker that
 * returns the very response the case produced (same bytes, same JSON shape), so transfer and JSON
 * costs are in the floor and the ratio shows what the worker adds on top.
 *
 *   --json <path>      also write the figures as JSON (to compare runs)
 *   --quick            small budgets, ladders up to 1,000: a smoke run, not a measurement
 *   --max-skills <n>   stop the registry ladders at n (100, 1000 or 10000; default 10000, 1000 with --quick)
 *   --cpu-prof <dir>   run the worker and the engine under --cpu-prof, profiles into <dir>
 *   --only <regex>     measure only the cases whose id matches (e.g. 'list@|index@', 'search'); a
 *                      registry (state, search, each fs tree) loads only for a selected case of its
 *                      own, and the staleness runs only when 'staleness' matches
 *   --peers            only this project against the SDK v2 skills peer over stdio (peers-case.ts, E16.4)
 *   --skilljack <dir>  with --peers: skilljack-mcp's source in <dir>, built there (npm install, its build
 *                      script) and measured as a second peer (skilljack-peer.ts, E19.1)
 *
 * The cases are listed in cases.ts (one line each) and search-case.ts (skill::search, on a worker
 * of its own after the state registry's; corpora-case.ts over the real corpora, on another), `--state-file` in state-file-case.ts (its own engines, when
 * 'state-file' matches), `iii-skills check` over shared/corpora in check-case.ts (when 'check' matches),
 * one MCP request on each protocol revision in mcp-revisions-case.ts (when 'mcp-revisions' matches),
 * what an agent receives at connect, whole corpora and a view of 20, in connect-cost-case.ts (when
 * 'connect-cost' matches), the targets in report.ts.
 */
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { registerWorker, type IIIClient } from 'iii-sdk'
import { CASES, casesAt, registryNeeded, type Invoke, type PlannedCase } from './cases.js'
import { FLOOR_LOAD, FLOOR_PREFIX } from './floor.js'
import { skillBody, skillId, writeFsSkills } from './fixtures.js'
import { FULL_BUDGET, QUICK_BUDGET, latencyPair, throughputOf, warmUp, type Budget } from './measure.js'
import { memoryOf, runningFromSources, spawnScript, type Child, type Memory } from './processes.js'
import {
  CHECK_TARGETS, CONTEXT_BUDGET_TARGETS, evaluateTargets, GROWTH_FAMILIES, growthRows, MIB, ratioTarget, renderReport, SEARCH_CORPORA_TARGETS, SEARCH_SHAPE_TARGETS, TARGETS, type BenchReport, type CaseResult, type MemoryResult,
  type StalenessResult,
} from './report.js'
import { benchCheck } from './check-case.js'
import { benchConnectCost, CONNECT_COST_CASE, renderConnectCost } from './connect-cost-case.js'
import { benchCorpora } from './corpora-case.js'
import { benchPeers } from './peers-case.js'
import { benchMcpRevisions, renderMcpRevisions } from './mcp-revisions-case.js'
import { benchSearch } from './search-case.js'
import { benchSep, renderSep, SEP_GENERATED, sepTargets } from './sep-case.js'
import { benchStateFile } from './state-file-case.js'
import { benchTokens, renderTokens, tokenTargets } from './tokens-case.js'
import { benchUi, uiLines, uiTargets } from './ui-case.js'
import { parseStalenessOutput, STALENESS_TOPOLOGIES } from './staleness.js'
import { summarize } from './stats.js'

const CALL_TIMEOUT_MS = 120_000
const LOAD_CONCURRENCY = 16
/** E13.1: each skills/list page and skills/get at 10,000 generated skill folders against its floor. */
const SEP_TARGETS = [`sep-page@${SEP_GENERATED}`, `sep-page-middle@${SEP_GENERATED}`, `sep-get@${SEP_GENERATED}`]
  .map((id) => ratioTarget(id, `${id} (E13.1)`, 3))
/** The real skills the token bench takes its prose from (E11.4). */
const CORPORA = '../shared/corpora'
const SKILL_BYTES = 2048
/** E3: fs skills have 1 KiB bodies, in 100 folders. */
const FS_SKILL_BYTES = 1024
const STATE_LADDER = [100, 1000, 10_000]
const FS_LADDER = [1000, 10_000]
/** The listing bound the staleness runs use: the default of `cache.max_staleness_ms`. */
const MAX_STALENESS_MS = 1000
/** Called once after each load step, so the measured RSS includes a filled cache. */
const LISTINGS: Array<[string, unknown]> = [
  ['skills::list', {}], ['skills::resources-read', { uri: 'iii://skills' }], ['skills::resources-list', {}],
]

const { values: flags } = parseArgs({
  options: {
    json: { type: 'string' },
    quick: { type: 'boolean', default: false },
    'max-skills': { type: 'string' },
    'cpu-prof': { type: 'string' },
    only: { type: 'string' },
    peers: { type: 'boolean', default: false },
    skilljack: { type: 'string' },
  },
})
const only = flags.only === undefined ? undefined : new RegExp(flags.only)
const budget: Budget = flags.quick ? QUICK_BUDGET : FULL_BUDGET
/** Idle time after loading the largest registry before its settled RSS is read: V8's memory reducer runs after ~10 s. */
const SETTLE_MS = flags.quick ? 2000 : 15_000
/** A quick run stops both ladders at 1,000 unless told otherwise: a smoke run of every path but the 10,000 ones. */
const maxSkills = Number(flags['max-skills'] ?? (flags.quick ? 1000 : 10_000))
const profileDir = flags['cpu-prof'] === undefined ? undefined : resolve(flags['cpu-prof'])
const nodeFlags = profileDir === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', profileDir]
// OTel off everywhere, and so no trace payload capture in any process: the skills worker turns it off
// by itself then (src/app/trace-payloads.ts), and the floor must not pay for what the worker skips.
const childEnv = { OTEL_ENABLED: 'false', III_DISABLE_TRACE_PAYLOADS: '1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' }

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`)
// The SDK announces OTel and connections with console.debug on stdout, where the table goes.
console.debug = () => {}

async function main(): Promise<void> {
  const tmp = await mkdtemp(join(tmpdir(), 'skills-bench-'))
  if (flags.peers) {
    process.stdout.write(`\n${await benchPeers({ tmp, quick: flags.quick, skilljack: flags.skilljack, log })}`)
    await rm(tmp, { recursive: true, force: true })
    return
  }
  const children: Child[] = []
  const clients: IIIClient[] = []
  let finished = false
  try {
    const engine = spawnScript('engine', 'tests/bench/engine-process', { logFile: join(tmp, 'engine.log'), env: childEnv, nodeFlags })
    children.push(engine)
    const url = (JSON.parse(await engine.firstLine) as { url: string }).url
    children.push(spawnScript('floor', 'tests/bench/floor-worker', { args: [url], logFile: join(tmp, 'floor.log'), env: childEnv }))
    const client = registerWorker(url, {
      workerName: 'bench-driver', otel: { enabled: false }, enableMetricsReporting: false, invocationTimeoutMs: CALL_TIMEOUT_MS,
    })
    clients.push(client)
    const call: Invoke = (functionId, payload) => client.trigger({ function_id: functionId, payload, timeoutMs: CALL_TIMEOUT_MS })
    await until(() => call(FLOOR_LOAD, { name: 'probe', response: null }))
    log(`engine ${url}, floor worker up (${runningFromSources ? 'sources under tsx' : 'built dist/'}), logs in ${tmp}`)

    const cases: CaseResult[] = []
    const measure = async (spec: CaseSpec) => {
      const result = await measureCase(call, spec)
      cases.push(result)
      log(`${spec.id}: p50 ${result.op.latency.p50Ms.toFixed(2)} ms, floor ${result.floor.latency.p50Ms.toFixed(2)} ms`)
    }
    const runCases = async (planned: PlannedCase[]) => {
      for (const { key, size, spec } of planned) {
        await spec.before?.(call)
        await measure({ id: key, label: spec.label, functionId: spec.functionId, payload: spec.payload(size), skills: size })
        await spec.after?.(call)
      }
    }
    const memory: MemoryResult[] = []
    if (registryNeeded(CASES, 'state', ladder(STATE_LADDER), only)) memory.push(...await stateRegistry(url, tmp, children, call, runCases))
    // After the state worker has stopped: the search index never sits in the worker whose memory is measured.
    await benchSearch({
      startWorker: (config) => startSkillsWorker(url, tmp, tmp, 'search', config, children),
      call,
      register: (from, to) => registerSkills(call, from, to),
      measure,
      wanted: (id) => only === undefined || only.test(id),
      maxSkills,
      settleMs: SETTLE_MS,
    })
    await benchCorpora({
      startWorker: (config, args) => startSkillsWorker(url, tmp, tmp, 'corpora', config, children, args),
      call,
      measure,
      wanted: (id) => only === undefined || only.test(id),
    })
    const sep = await benchSep({
      tmp,
      startWorker: (config, args) => startSkillsWorker(url, tmp, tmp, `sep-${args.length}`, config, children, args),
      call,
      measure,
      wanted: (id) => only === undefined || only.test(id),
      maxSkills,
    })
    if (registryNeeded(CASES, 'fs', ladder(FS_LADDER), only)) memory.push(...await fsRegistries(url, tmp, children, call, runCases))
    const staleness = only === undefined || only.test('staleness') ? await stalenessRuns(tmp) : []
    const stateFile = only === undefined || only.test('state-file')
      ? await benchStateFile({
        tmp, env: childEnv, log, skillBytes: SKILL_BYTES,
        startWorker: (engineUrl, name) => startSkillsWorker(engineUrl, tmp, tmp, name, {}, children),
        samples: flags.quick ? 300 : 2000,
        throughputMs: flags.quick ? 1000 : 5000,
        restartSkills: Math.min(maxSkills, 10_000),
      })
      : undefined
    const tokens = only === undefined || only.test('tokens') ? await benchTokens(CORPORA) : []
    const ui = await benchUi({
      tmp,
      wanted: (id) => only === undefined || only.test(id),
      maxSkills,
      spawn: (name, args) => spawnScript(name, 'src/main', { args, logFile: join(tmp, `${name}.log`), env: childEnv, nodeFlags }),
      log,
    })

    const mcpRevisions = await benchMcpRevisions({
      wanted: (id) => only === undefined || only.test(id),
      samples: flags.quick ? 200 : 2000,
      spawn: (name, args) => spawnScript(name, 'src/main', { args, logFile: join(tmp, `${name}.log`), env: childEnv, nodeFlags }),
      log,
    })

    const check = only === undefined || only.test('check') ? await benchCheck(flags.quick ? 1 : 5, log) : undefined
    const connectCost = only === undefined || only.test(CONNECT_COST_CASE) ? await benchConnectCost({ corpora: resolve(CORPORA), repo: process.cwd(), tmp, log }) : []

    const growth = growthRows(cases, GROWTH_FAMILIES)
    const measurements = { cases, memory, staleness, growth, stateFile, ...(check === undefined ? {} : { check }) }
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
      ...measurements,
      targets: [
        ...evaluateTargets(measurements, [...TARGETS, ...SEARCH_SHAPE_TARGETS, ...SEARCH_CORPORA_TARGETS, ...CONTEXT_BUDGET_TARGETS, ...CHECK_TARGETS]),
        ...tokenTargets(tokens),
        ...sepTargets(sep, cases.find((c) => c.id === 'sep-get@corpora')?.op.latency.p50Ms),
        ...evaluateTargets(measurements, SEP_TARGETS),
        ...uiTargets(ui),
      ],
    }
    process.stdout.write(`\n${renderReport(report)}`)
    if (tokens.length > 0) process.stdout.write(`\n${renderTokens(tokens)}`)
    if (sep.length > 0) process.stdout.write(`\n${renderSep(sep)}`)
    if (ui !== undefined) process.stdout.write(`\n${uiLines(ui)}`)
    if (mcpRevisions.length > 0) process.stdout.write(`\n${renderMcpRevisions(mcpRevisions)}`)
    if (connectCost.length > 0) process.stdout.write(`\n${renderConnectCost(connectCost)}`)
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

type RunCases = (planned: PlannedCase[]) => Promise<void>

const ladder = (sizes: number[]) => sizes.filter((n) => n <= maxSkills)

/** Registers the state ladder step by step, measuring the state cases and the worker's memory. */
async function stateRegistry(url: string, tmp: string, children: Child[], call: Invoke, runCases: RunCases): Promise<MemoryResult[]> {
  const worker = await startSkillsWorker(url, tmp, tmp, 'state', {}, children)
  await until(() => call('skills::list', {}))
  const sizes = ladder(STATE_LADDER)
  let registered = 0
  let loaded: Memory | undefined
  let settled: Memory | undefined
  for (const size of sizes) {
    await registerSkills(call, registered, size)
    registered = size
    for (const [functionId, payload] of LISTINGS) await call(functionId, payload)
    await sleep(1000)
    loaded = memoryOf(worker.pid)
    log(`${size} state skills registered and listed, worker RSS ${mib(loaded)} MiB`)
    if (size === sizes.at(-1)) {
      // V8 gives the garbage of the registration burst back only after a few idle seconds.
      await sleep(SETTLE_MS)
      settled = memoryOf(worker.pid)
      log(`worker RSS ${mib(settled)} MiB after ${SETTLE_MS / 1000} s idle`)
    }
    await runCases(casesAt(CASES, 'state', size, sizes, only))
  }
  const after = memoryOf(worker.pid)
  await worker.stop()
  if (loaded === undefined || after === undefined) return []
  return [{
    registry: 'state', skills: registered, loadedRssBytes: loaded.rssBytes, settledRssBytes: settled?.rssBytes,
    afterCasesRssBytes: after.rssBytes, peakRssBytes: after.peakRssBytes,
  }]
}

/** One worker per fs tree size (its own empty state scopes), measuring the fs cases and memory. */
async function fsRegistries(url: string, tmp: string, children: Child[], call: Invoke, runCases: RunCases): Promise<MemoryResult[]> {
  const sizes = ladder(FS_LADDER)
  const memory: MemoryResult[] = []
  for (const size of sizes) {
    const dir = join(tmp, `fs-${size}`)
    await writeFsSkills(join(dir, 'skills'), size, FS_SKILL_BYTES)
    const config = { scopes: { skills: 'bench-fs-skills', prompts: 'bench-fs-prompts' }, skills: ['skills/**/*.md'] }
    const worker = await startSkillsWorker(url, tmp, dir, `fs-${size}`, config, children)
    await until(() => call('skills::list', {}).then((r) => {
      if ((r as { skills: unknown[] }).skills.length !== size) throw new Error('fs worker not serving yet')
    }))
    for (const [functionId, payload] of LISTINGS) await call(functionId, payload)
    await sleep(1000)
    const loaded = memoryOf(worker.pid)
    log(`${size} fs skills loaded and listed, worker RSS ${mib(loaded)} MiB`)
    await runCases(casesAt(CASES, 'fs', size, sizes, only))
    const after = memoryOf(worker.pid)
    if (size === sizes.at(-1) && loaded !== undefined && after !== undefined) {
      memory.push({ registry: 'fs', skills: size, loadedRssBytes: loaded.rssBytes, afterCasesRssBytes: after.rssBytes, peakRssBytes: after.peakRssBytes })
    }
    await worker.stop()
  }
  return memory
}

/** The cross-instance staleness, one child process per topology (see staleness-process.ts). */
async function stalenessRuns(tmp: string): Promise<StalenessResult[]> {
  const results: StalenessResult[] = []
  for (const topology of STALENESS_TOPOLOGIES) {
    const count = flags.quick ? topology.quickSamples : topology.samples
    const child = spawnScript(`staleness-${topology.arg}`, 'tests/bench/staleness-process', {
      args: [topology.arg, String(count), String(MAX_STALENESS_MS)], logFile: join(tmp, `staleness-${topology.arg}.log`), env: childEnv,
    })
    const samples = parseStalenessOutput(await child.output)
    const lag = summarize(samples.map((s) => s.lagMs))
    const oldestStaleMs = Math.max(...samples.map((s) => s.staleMs))
    results.push({ topology: topology.label, maxStalenessMs: MAX_STALENESS_MS, lag, oldestStaleMs })
    log(`staleness, ${topology.label}: shown after p50 ${lag.p50Ms.toFixed(1)} ms, max ${lag.maxMs.toFixed(1)} ms; ` +
      `stale up to ${oldestStaleMs.toFixed(1)} ms (${lag.samples} writes)`)
  }
  return results
}

/** A skills worker process whose config (and so its globs' base) lives in `dir`; its log goes to `tmp`. */
async function startSkillsWorker(url: string, tmp: string, dir: string, name: string, config: object, children: Child[], args: string[] = []): Promise<Child> {
  await mkdir(dir, { recursive: true })
  const configPath = join(dir, `${name}-config.yaml`)
  // JSON is valid YAML: the worker's config loader reads it as is.
  await writeFile(configPath, JSON.stringify({ state_timeout_ms: 60_000, ...config }))
  const child = spawnScript(`worker-${name}`, 'src/main', {
    args: ['--url', url, '--config', configPath, ...args], logFile: join(tmp, `worker-${name}.log`), env: childEnv, nodeFlags,
  })
  children.push(child)
  return child
}

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
  const response = await warmUp(op, budget.warmupCalls, budget.warmupMs)
  await call(FLOOR_LOAD, { name: spec.id, response })
  const floor = () => call(FLOOR_PREFIX + spec.id, spec.payload)
  await warmUp(floor, budget.warmupCalls, budget.warmupMs)
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
