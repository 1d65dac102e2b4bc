/**
 * One engine + one skills worker + one SDK client for the robustness suites, with the hooks those
 * suites need and the shared harness lacks: a configurable `state_timeout_ms`, a fixed port and
 * state file (engine restarts), fast SDK reconnects, the worker's engine id (connection drops) and
 * a raw snapshot of both registry scopes (to prove a rejected call changed nothing).
 *
 * With III_ENGINE_WS_URL set, suites run against that engine (in their own, fresh state scopes so
 * nothing else's rows are touched) — except those that inject engine-side faults (`embedded: true`:
 * dropping connections, restarting the engine), which need the embedded engine as their instrument.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { registerWorker, type IIIClient } from 'iii-sdk'
import { expect } from 'vitest'
import { WebSocket } from 'ws'
import { DEFAULT_CONFIG, type SkillsConfig } from '../../src/core/config-types.js'
import { startEmbeddedEngine, type EmbeddedEngine } from '../../src/embedded/index.js'
import { startSkillsWorker, type RunningWorker } from '../../src/app/skills-worker.js'
import { handlerErrorText } from '../support/invocation-error.js'
import { setTimeout as sleep } from 'node:timers/promises'
import { silentLogger } from '../support/silent-logger.js'

export const SDK_OPTIONS = {
  otel: { enabled: false },
  enableMetricsReporting: false,
  reconnectionConfig: { initialDelayMs: 50, maxDelayMs: 200, jitterFactor: 0 },
} as const

export interface RobustEnvOptions {
  stateTimeoutMs?: number
  skills?: string[]
  prompts?: string[]
  /** Glob base dir; a fresh temp dir when absent. */
  baseDir?: string
  stateFile?: string
  port?: number
  /** Needs the embedded engine's fault hooks, whatever III_ENGINE_WS_URL says. */
  embedded?: boolean
}

export interface RegistrySnapshot {
  skills: unknown[]
  prompts: unknown[]
}

export interface RobustEnv {
  /** The embedded engine; throws when the suite runs against an external engine. */
  engine: EmbeddedEngine
  url: string
  worker: RunningWorker
  client: IIIClient
  config: SkillsConfig
  baseDir: string
  call<T = unknown>(functionId: string, payload: unknown, timeoutMs?: number): Promise<T>
  /** The handler error text of a call that must fail (fails the test if it succeeds). */
  failure(functionId: string, payload: unknown, timeoutMs?: number): Promise<string>
  /** Both registry scopes, rows sorted by key, read straight from the engine's state. */
  snapshot(): Promise<RegistrySnapshot>
  /** The skills worker's current engine connection id (from `engine::workers::list`). */
  workerId(): Promise<string>
  /** Replaces the engine (same port and state file) after a restart. */
  restartEngine(): Promise<void>
  close(): Promise<void>
}

export async function startRobustEnv(options: RobustEnvOptions = {}): Promise<RobustEnv> {
  const ownBaseDir = options.baseDir === undefined
  const baseDir = options.baseDir ?? await mkdtemp(join(tmpdir(), 'skills-robust-'))
  await mkdir(baseDir, { recursive: true })
  const externalUrl = options.embedded === true ? undefined : process.env.III_ENGINE_WS_URL || undefined
  const engineOptions = { port: options.port ?? 0, stateFile: options.stateFile }
  let engine = externalUrl === undefined ? await startEmbeddedEngine(engineOptions) : undefined
  const url = externalUrl ?? (engine as EmbeddedEngine).url
  const unique = randomUUID().slice(0, 8)
  const config: SkillsConfig = {
    ...DEFAULT_CONFIG,
    scopes: externalUrl === undefined ? DEFAULT_CONFIG.scopes : { skills: `skills-rb-${unique}`, prompts: `prompts-rb-${unique}` },
    state_timeout_ms: options.stateTimeoutMs ?? DEFAULT_CONFIG.state_timeout_ms,
    skills: options.skills ?? [],
    prompts: options.prompts ?? [],
  }
  const workerName = `skills-robust-${unique}`
  const worker = await startSkillsWorker({ url, loaded: { config, baseDir }, log: silentLogger(), sdk: { ...SDK_OPTIONS, workerName } })
  const client = registerWorker(url, SDK_OPTIONS)
  const call = <T>(functionId: string, payload: unknown, timeoutMs = 5000): Promise<T> =>
    client.trigger<unknown, T>({ function_id: functionId, payload, timeoutMs })
  const embeddedEngine = (): EmbeddedEngine => {
    if (engine === undefined) throw new Error('this test needs the embedded engine (startRobustEnv({ embedded: true }))')
    return engine
  }
  const env: RobustEnv = {
    get engine() { return embeddedEngine() },
    url,
    worker,
    client,
    config,
    baseDir,
    call,
    async failure(functionId, payload, timeoutMs) {
      try {
        await call(functionId, payload, timeoutMs)
      } catch (error) {
        return handlerErrorText(error)
      }
      throw new Error(`${functionId} succeeded but was expected to fail`)
    },
    async snapshot() {
      return {
        skills: await scopeRows(call, config.scopes.skills),
        prompts: await scopeRows(call, config.scopes.prompts),
      }
    },
    async workerId() {
      const listed = await call<{ workers: Array<{ id: string; name: string | null }> }>('engine::workers::list', {})
      const id = listed.workers.find((w) => w.name === workerName)?.id
      if (id === undefined) throw new Error('the skills worker is not connected')
      return id
    },
    async restartEngine() {
      const port = embeddedEngine().port
      await embeddedEngine().close()
      engine = await startEmbeddedEngine({ ...engineOptions, port })
    },
    async close() {
      if (externalUrl !== undefined) await wipeScopes(call, config)
      await client.shutdown()
      await worker.shutdown()
      await engine?.close()
      if (ownBaseDir) await rm(baseDir, { recursive: true, force: true })
    },
  }
  try {
    await waitUntilServing(env)
  } catch (error) {
    await env.close()
    throw error
  }
  return env
}

/** Polls `skills::list` until the worker answers (it connects and registers in the background). */
export async function waitUntilServing(env: Pick<RobustEnv, 'call'>, deadlineMs = 10_000): Promise<void> {
  const deadline = Date.now() + deadlineMs
  for (;;) {
    try {
      await env.call('skills::list', {}, 500)
      return
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`the skills worker never answered: ${String(error)}`)
      await sleep(25)
    }
  }
}

type Call = RobustEnv['call']

async function scopeRows(call: Call, scope: string): Promise<unknown[]> {
  const rows = await call('state::list', { scope })
  const list = Array.isArray(rows) ? rows : []
  return list.map((row) => JSON.stringify(row)).sort().map((text) => JSON.parse(text) as unknown)
}

/** Deletes every row of the suite's own scopes on an external engine. */
async function wipeScopes(call: Call, config: SkillsConfig): Promise<void> {
  for (const [scope, key] of [[config.scopes.skills, 'id'], [config.scopes.prompts, 'name']] as const) {
    for (const row of await scopeRows(call, scope)) {
      const value = (row as Record<string, unknown>)[key]
      if (typeof value === 'string') await call('state::delete', { scope, key: value })
    }
  }
}

/** Runs `act` and asserts both registry scopes are byte-for-byte what they were before. */
export async function expectRegistryUnchanged<T>(env: RobustEnv, act: () => Promise<T>): Promise<T> {
  const before = await env.snapshot()
  const result = await act()
  expect(await env.snapshot()).toEqual(before)
  return result
}

export { sleep }

/**
 * A bare WebSocket caller for frames an SDK client cannot produce (the SDK's own JSON.stringify
 * overflows its stack on a 10,000-level payload): sends `invokefunction` with the data as raw JSON
 * text and collects the `invocationresult` frames it gets back.
 */
export class RawCaller {
  private readonly results = new Map<string, Record<string, unknown>>()

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Record<string, unknown>
      if (frame.type === 'invocationresult') this.results.set(frame.invocation_id as string, frame)
    })
  }

  static async connect(url: string): Promise<RawCaller> {
    const ws = new WebSocket(url)
    await new Promise((resolve, reject) => {
      ws.once('open', resolve)
      ws.once('error', reject)
    })
    return new RawCaller(ws)
  }

  /** Sends the call and returns its invocation id. */
  invoke(functionId: string, dataJson: string): string {
    const id = randomUUID()
    this.ws.send(`{"type":"invokefunction","invocation_id":"${id}","function_id":${JSON.stringify(functionId)},"data":${dataJson}}`)
    return id
  }

  /** The result frame of `id`, or undefined when none came within `waitMs`. */
  async result(id: string, waitMs: number): Promise<Record<string, unknown> | undefined> {
    const deadline = Date.now() + waitMs
    while (!this.results.has(id) && Date.now() < deadline) await sleep(10)
    return this.results.get(id)
  }

  close(): void {
    this.ws.terminate()
  }
}

/**
 * A bare WebSocket worker that owns functions and answers each call with raw JSON text for
 * `result` (undefined: never answer), so a test can send what no SDK would: a 10,000-level
 * result or a frame over the engine's 16 MiB limit.
 */
export class RawFunctionWorker {
  closed = false

  private constructor(private readonly ws: WebSocket) {
    ws.on('close', () => { this.closed = true })
    ws.on('error', () => { this.closed = true })
  }

  static async connect(url: string, functions: Record<string, () => string | undefined>): Promise<RawFunctionWorker> {
    const ws = new WebSocket(url)
    const worker = new RawFunctionWorker(ws)
    await new Promise((resolve, reject) => {
      ws.once('open', resolve)
      ws.once('error', reject)
    })
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; invocation_id?: string; function_id: string }
      const answer = frame.type === 'invokefunction' ? functions[frame.function_id]?.() : undefined
      if (answer === undefined || frame.invocation_id === undefined || ws.readyState !== WebSocket.OPEN) return
      ws.send(`{"type":"invocationresult","invocation_id":"${frame.invocation_id}","function_id":${JSON.stringify(frame.function_id)},"result":${answer}}`)
    })
    for (const id of Object.keys(functions)) ws.send(JSON.stringify({ type: 'registerfunction', id }))
    return worker
  }

  close(): void {
    this.ws.terminate()
  }
}

export interface Subscription {
  /** Events received, `_caller_worker_id` removed. */
  events: Array<Record<string, unknown>>
  unbind(): void
}

let subscriptions = 0

/** Binds a fresh recording function of the client to `triggerType` and waits until the worker has it. */
export async function subscribe(env: RobustEnv, triggerType: 'skills::on-change' | 'prompts::on-change'): Promise<Subscription> {
  const events: Array<Record<string, unknown>> = []
  const functionId = `watch::${triggerType.split('::')[0]}-${++subscriptions}`
  env.client.registerFunction(functionId, async (payload: unknown) => {
    const { _caller_worker_id: _caller, ...event } = payload as Record<string, unknown>
    events.push(event)
    return null
  })
  const subscribers = triggerType === 'skills::on-change' ? env.worker.deps.notify.skills : env.worker.deps.notify.prompts
  const before = subscribers.size
  const trigger = env.client.registerTrigger({ type: triggerType, function_id: functionId, config: {} })
  await waitFor(() => subscribers.size > before, 'the worker to record the binding')
  return { events, unbind: () => trigger.unregister() }
}

export async function waitFor(probe: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(10)
  }
}
