/**
 * The embedded iii engine: a single-process implementation of the worker-protocol subset and the
 * built-ins that skills and its callers use (spec protocol §6). Every test runs against
 * it, and `iii-skills --embedded` serves it to users who have no `iii` binary. Behaviour follows the
 * real engine 0.22.1, strictness included (undecodable frames are dropped, not answered).
 */
import { pino, type Logger } from 'pino'
import { installEngineBuiltins, summarize } from './builtins-engine.js'
import { installFunctionsAvailable } from './builtins-functions-available.js'
import { installStateBuiltins } from './builtins-state.js'
import { Engine } from './engine.js'
import { createHttpTriggerHandler, installHttpTriggerType, RouteTable, type HttpRequestHandler } from './http-triggers/index.js'
import * as msg from './messages.js'
import { type DoorRules, listenerUrl } from '../http/index.js'
import { FrameQueue, LocalSocket, type LocalFrame, type LocalLink } from './local-socket.js'
import { listen } from './server.js'
import { StateJournal } from './state-journal/journal.js'
import { StateMap } from './state-map.js'

export type { LocalFrame, LocalLink } from './local-socket.js'
export { startHttpTriggerListener, type HttpRequestHandler } from './http-triggers/index.js'

export interface EmbeddedEngineOptions {
  /** Default 127.0.0.1. */
  host?: string
  /** Default 0: a free port chosen by the OS. */
  port?: number
  /** Persist state here (JSON, atomic rewrites); in memory when absent. */
  stateFile?: string
  log?: Logger
  /** Default true: drop `invokefunction` frames without `data`, as the real engine does. */
  strict?: boolean
  /** Keep every frame in `frames` (tests). */
  recordFrames?: boolean
  /** How long an `http` trigger's function may take before the request gets a 504; default 30000. */
  httpTimeoutMs?: number
  /** Default true. iii-state's `triggers_enabled`: false stops `state` triggers firing (bindings stay listed). */
  triggersEnabled?: boolean
  /** Host names and bearer token of the engine's door (E11.1–E11.2); loopback only, no token, by default. */
  door?: DoorRules
}

interface FunctionListing {
  function_id: string
  description?: string
  request_format?: unknown
  response_format?: unknown
  metadata?: unknown
  worker_name?: string
}

interface FrameRecord {
  direction: 'in' | 'out'
  workerId: string
  text: string
}

interface WorkerListing {
  id: string
  name?: string
  pid?: number
  connectedAtMs: number
}

interface InvokeOptions {
  timeoutMs?: number
  metadata?: unknown
}

export interface EmbeddedEngine {
  /** ws://host:port */
  url: string
  host: string
  port: number
  /** Engine-internal call (no `_caller_worker_id`); rejects with iii-sdk's InvocationError. */
  invoke(functionId: string, data: unknown, options?: InvokeOptions): Promise<unknown>
  /** Every registered function, built-ins included, sorted by id. */
  listFunctions(): FunctionListing[]
  /** Resolves true once every one of `ids` is registered, or false after `timeoutMs`. */
  whenRegistered(ids: readonly string[], timeoutMs: number): Promise<boolean>
  workers(): WorkerListing[]
  /** Drops a worker's socket without a close handshake and cleans it up (spec §5). */
  dropWorker(workerId: string): boolean
  /**
   * Connects a worker of this process without a socket (E16.2): `deliver` gets the engine's frames in
   * order, `closed` runs when the engine drops the connection; the link sends the worker's frames.
   */
  attachLocal(deliver: (frame: LocalFrame) => void, closed?: () => void): LocalLink
  /** Recorded frames (only with `recordFrames`). */
  readonly frames: FrameRecord[]
  /**
   * Serves the bound `http` triggers (iii-http's routes) for any node:http server: the MCP
   * listener hands it every path but `/mcp`; `startHttpTriggerListener` serves it alone.
   */
  readonly httpTriggers: HttpRequestHandler
  /** Whether a bound `http` trigger serves this method and path (it then wins over any built-in page). */
  httpRouteTaken(method: string, path: string): boolean
  /** Resolves once state mutations so far are persisted (no-op without `stateFile`). */
  flush(): Promise<void>
  /** iii-state's live `triggers_enabled` setting: whether state mutations fire `state` triggers. */
  setStateTriggersEnabled(enabled: boolean): void
  close(): Promise<void>
}

export async function startEmbeddedEngine(options: EmbeddedEngineOptions = {}): Promise<EmbeddedEngine> {
  const log = (options.log ?? pino({ level: 'silent' })).child({ module: 'embedded-engine' })
  const host = options.host ?? '127.0.0.1'
  const frames: FrameRecord[] = []
  const record = options.recordFrames ? (direction: 'in' | 'out', workerId: string, text: string) => {
    frames.push({ direction, workerId, text })
  } : undefined
  const engine = new Engine(log, options.strict ?? true, record)

  const store = new StateMap()
  const journal = options.stateFile === undefined ? undefined : await StateJournal.open(options.stateFile, store, log)
  if (journal === undefined) log.info(msg.LOG_STATE_IN_MEMORY)
  installEngineBuiltins(engine)
  const stateTriggers = installStateBuiltins(engine, store, journal, options.triggersEnabled ?? true)
  const routes = new RouteTable()
  installHttpTriggerType(engine, routes)
  installFunctionsAvailable(engine)

  const listener = await listen({ host, port: options.port ?? 0, engine, log, door: options.door }).catch(async (error: unknown) => {
    await journal?.close()
    throw error
  })
  const url = listenerUrl('ws', host, listener.port)
  log.info({ url, state_file: options.stateFile }, msg.LOG_LISTENING)

  let closing: Promise<void> | undefined
  return {
    url,
    host,
    port: listener.port,
    frames,
    httpTriggers: createHttpTriggerHandler(engine, routes, { timeoutMs: options.httpTimeoutMs }),
    httpRouteTaken: (method, path) => routes.match(method, path).kind !== 'not-found',
    invoke: (functionId, data, invokeOptions) => engine.call(functionId, data, invokeOptions),
    listFunctions: () => engine.functions.all().map(summarize),
    whenRegistered: (ids, timeoutMs) => whenRegistered(engine, ids, timeoutMs),
    workers: () => [...engine.workers.values()].map((w) => ({
      id: w.id, name: w.metadata.name, pid: w.metadata.pid, connectedAtMs: w.connectedAtMs,
    })),
    attachLocal(deliver, closed) {
      const socket = new LocalSocket(deliver, () => {
        engine.detach(conn)
        closed?.()
      })
      const conn = engine.attach(socket, undefined)
      const toEngine = new FrameQueue<object>((frame) => engine.receiveValue(conn, frame))
      return { send: (frame) => toEngine.push(frame), close: () => conn.terminate() }
    },
    dropWorker(workerId) {
      const conn = engine.workers.get(workerId)
      if (conn === undefined) return false
      conn.terminate()
      engine.detach(conn)
      return true
    },
    flush: async () => journal?.flush(),
    setStateTriggersEnabled(enabled) {
      stateTriggers.triggersEnabled = enabled
    },
    close() {
      closing ??= (async () => {
        for (const conn of [...engine.workers.values()]) {
          conn.terminate()
          engine.detach(conn)
        }
        await listener.close()
        await journal?.close()
        log.info({ url }, msg.LOG_STOPPED)
      })()
      return closing
    },
  }
}

/** Waits on the registry's changes (no polling), so a caller goes on the moment the last one registers. */
function whenRegistered(engine: Engine, ids: readonly string[], timeoutMs: number): Promise<boolean> {
  const all = () => ids.every((id) => engine.functions.get(id) !== undefined)
  if (all()) return Promise.resolve(true)
  return new Promise((resolve) => {
    const done = (registered: boolean) => {
      clearTimeout(timer)
      unsubscribe()
      resolve(registered)
    }
    const unsubscribe = engine.functions.onChange(() => {
      if (all()) done(true)
    })
    const timer = setTimeout(() => done(false), timeoutMs)
  })
}
export { LOG_HTTP_LISTENING } from './messages.js'
