/**
 * Test harness for the embedded engine: engines on free ports, real iii-sdk clients (OTel and
 * metrics off), raw `ws` workers for exact frames, and polling. Everything opened through a
 * harness is closed after each test.
 */
import { afterEach, beforeEach, vi } from 'vitest'
import { registerWorker, type IIIClient, type InitOptions } from 'iii-sdk'
import { WebSocket } from 'ws'
import { startEmbeddedEngine, type EmbeddedEngine, type EmbeddedEngineOptions } from '../../src/embedded/index.js'
import { SDK_OPTIONS } from '../support/sdk-client.js'
import { setTimeout as sleep } from 'node:timers/promises'

export { SDK_OPTIONS }

export async function waitFor<T>(probe: () => T | undefined | null | false, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value !== undefined && value !== null && value !== false) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

export { sleep }

/** A bare WebSocket worker: sends what it is told and records every parsed frame it receives. */
export class RawWorker {
  readonly received: Array<Record<string, unknown>> = []
  closed = false
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.received.push(JSON.parse(data.toString()) as Record<string, unknown>))
    ws.on('close', () => { this.closed = true })
  }

  static async connect(url: string): Promise<RawWorker> {
    const ws = new WebSocket(url)
    const worker = new RawWorker(ws)
    await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject) })
    await worker.next((f) => f.type === 'workerregistered')
    return worker
  }

  get workerId(): string {
    return this.received.find((f) => f.type === 'workerregistered')?.worker_id as string
  }

  send(frame: object | string): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame))
  }

  /** The first received frame matching `match` (waits for it). */
  next(match: (f: Record<string, unknown>) => boolean, timeoutMs = 3000): Promise<Record<string, unknown>> {
    return waitFor(() => this.received.find(match), timeoutMs, 'a frame')
  }

  ofType(type: string): Array<Record<string, unknown>> {
    return this.received.filter((f) => f.type === type)
  }

  close(): void {
    this.ws.terminate()
  }
}

export interface Harness {
  engine(options?: EmbeddedEngineOptions): Promise<EmbeddedEngine>
  client(url: string, workerName?: string, options?: Partial<InitOptions>): IIIClient
  raw(url: string): Promise<RawWorker>
  /** Waits until the engine lists `functionId` (the SDK registers in the background). */
  functionReady(engine: EmbeddedEngine, functionId: string): Promise<void>
  /** Waits until a worker named `name` has called engine::workers::register; returns its id. */
  workerId(engine: EmbeddedEngine, name: string): Promise<string>
  /** Workers `first` then `second` register `functionId` (answering their own name); waits until `second` owns it. */
  twoOwners(engine: EmbeddedEngine, functionId: string): Promise<{ first: IIIClient; second: IIIClient }>
}

export function useHarness(): Harness {
  let engines: EmbeddedEngine[] = []
  let clients: IIIClient[] = []
  let raws: RawWorker[] = []
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => {})
  })
  afterEach(async () => {
    await Promise.all(clients.map((c) => c.shutdown()))
    for (const r of raws) r.close()
    await Promise.all(engines.map((e) => e.close()))
    engines = []
    clients = []
    raws = []
    vi.restoreAllMocks()
  })
  return {
    async engine(options) {
      const engine = await startEmbeddedEngine(options)
      engines.push(engine)
      return engine
    },
    client(url, workerName, options) {
      const client = registerWorker(url, { ...SDK_OPTIONS, workerName, ...options })
      clients.push(client)
      return client
    },
    async raw(url) {
      const worker = await RawWorker.connect(url)
      raws.push(worker)
      return worker
    },
    async functionReady(engine, functionId) {
      await waitFor(() => engine.listFunctions().some((f) => f.function_id === functionId), 5000, functionId)
    },
    async workerId(engine, name) {
      return waitFor(() => engine.workers().find((w) => w.name === name)?.id, 5000, `worker ${name}`)
    },
    async twoOwners(engine, functionId) {
      const first = this.client(engine.url, 'first')
      first.registerFunction(functionId, async () => 'first')
      await this.functionReady(engine, functionId)
      const second = this.client(engine.url, 'second')
      second.registerFunction(functionId, async () => 'second')
      await waitFor(() => engine.listFunctions().find((f) => f.function_id === functionId)?.worker_name === 'second')
      return { first, second }
    },
  }
}
