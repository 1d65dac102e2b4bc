/**
 * The in-process `iii-engine-functions` worker, the part of it skills and its callers use (spec §4):
 * `engine::workers::register` (the SDK's metadata call), `engine::functions::list`,
 * `engine::functions::info` and `engine::workers::list`.
 */
import type { WorkerConnection } from './connection.js'
import type { Engine } from './engine.js'
import { BuiltinError, type FunctionEntry } from './function-registry.js'
import * as msg from './messages.js'
import { decodeStruct, type FieldSpec } from './serde.js'
import { isJsonObject } from '../core/index.js'
import { STATE_WORKER } from './builtins-state.js'

export const ENGINE_WORKER = 'iii-engine-functions'
const INFO_BATCH_MAX = 32

const optStr: FieldSpec = { kind: 'string', optional: true }

/** Owner's registered name; else the first `::` segment of the id (spec §4). */
function workerNameOf(entry: FunctionEntry): string {
  if (entry.kind === 'builtin') return entry.workerName
  return entry.owner.metadata.name ?? entry.id.split('::')[0] ?? entry.id
}

/** What `engine::functions::list` leaves out unless `include_internal`. */
export function isHiddenFunction(entry: FunctionEntry): boolean {
  if (entry.id.startsWith('engine::') && !entry.id.startsWith('engine::queue::')) return true
  return isJsonObject(entry.metadata) && entry.metadata.internal === true
}

/**
 * A `FunctionSummary`. `request_format` / `response_format` are an embedded-engine extension: the
 * real 0.22.1 summary lacks them, but the MCP bridge reads them from this listing to build tool
 * input schemas, so the embedded engine serves them here too.
 */
export function summarize(entry: FunctionEntry) {
  return {
    function_id: entry.id,
    worker_name: workerNameOf(entry),
    description: entry.description,
    metadata: entry.metadata,
    request_format: entry.request_format,
    response_format: entry.response_format,
  }
}

function listFunctions(engine: Engine, input: unknown) {
  const f = decodeStruct('FunctionsListInput', input, {
    search: optStr, prefix: optStr, worker: optStr,
    workers: { kind: 'strings', optional: true }, include_internal: { kind: 'bool', optional: true },
  })
  const search = (f.search as string | undefined)?.toLowerCase()
  const names = [...((f.workers as string[] | undefined) ?? []), ...(f.worker !== undefined ? [f.worker as string] : [])]
  const functions = engine.functions.all().filter((e) => {
    if (f.include_internal !== true && isHiddenFunction(e)) return false
    if (f.prefix !== undefined && !e.id.startsWith(f.prefix as string)) return false
    if (names.length > 0 && !names.includes(workerNameOf(e))) return false
    if (search === undefined) return true
    return e.id.toLowerCase().includes(search) || (e.description ?? '').toLowerCase().includes(search)
  })
  return { functions: functions.map(summarize) }
}

function functionDetail(engine: Engine, entry: FunctionEntry) {
  const registered_triggers = [...engine.triggers.live.values()]
    .filter((b) => b.function_id === entry.id)
    .map((b) => ({ id: b.id, trigger_type: b.trigger_type, config: b.config }))
  return {
    function_id: entry.id,
    worker_name: workerNameOf(entry),
    description: entry.description,
    request_schema: entry.request_format,
    response_schema: entry.response_format,
    metadata: entry.metadata,
    registered_triggers,
  }
}

function functionInfo(engine: Engine, input: unknown) {
  const f = decodeStruct('FunctionInfoInput', input, { function_id: optStr, function_ids: { kind: 'strings', optional: true } })
  const one = f.function_id as string | undefined
  const many = f.function_ids as string[] | undefined
  if ((one === undefined) === (many === undefined)) throw new BuiltinError(msg.INVALID_ARGUMENTS, msg.FUNCTION_INFO_ONE_OF)
  if (one !== undefined) {
    const entry = engine.functions.get(one)
    if (entry === undefined) throw new BuiltinError(msg.NOT_FOUND, msg.functionNotRegistered(one))
    return functionDetail(engine, entry)
  }
  const ids = [...new Set(many)]
  if (ids.length > INFO_BATCH_MAX) throw new BuiltinError(msg.INVALID_ARGUMENTS, msg.functionInfoTooMany(ids.length, INFO_BATCH_MAX))
  return {
    functions: ids.map((id) => {
      const entry = engine.functions.get(id)
      return entry === undefined ? { function_id: id, error: 'not_found' } : functionDetail(engine, entry)
    }),
  }
}

function socketWorkerRow(engine: Engine, w: WorkerConnection) {
  const m = w.metadata
  return {
    name: m.name ?? null, description: m.description ?? null, version: m.version ?? null, id: w.id,
    runtime: m.runtime ?? null, os: m.os ?? null, status: 'connected',
    function_count: engine.functions.countOwnedBy(w), connected_at_ms: w.connectedAtMs,
    active_invocations: engine.invocations.countFor(w), isolation: m.isolation ?? null, ip_address: w.ipAddress ?? null,
  }
}

function inProcessRow(engine: Engine, name: string) {
  const function_count = engine.functions.all().filter((e) => e.kind === 'builtin' && e.workerName === name).length
  return {
    name, description: null, version: null, id: name, runtime: 'engine', os: null, status: 'available',
    function_count, connected_at_ms: null, active_invocations: 0, isolation: 'in-process', ip_address: null,
  }
}

function listWorkers(engine: Engine, input: unknown) {
  const f = decodeStruct('WorkersListInput', input, { search: optStr, runtime: optStr, status: optStr })
  const search = (f.search as string | undefined)?.toLowerCase()
  const rows = [
    inProcessRow(engine, ENGINE_WORKER),
    inProcessRow(engine, STATE_WORKER),
    ...[...engine.workers.values()].filter((w) => w.metadata.pid !== undefined).map((w) => socketWorkerRow(engine, w)),
  ]
  return {
    workers: rows.filter((r) =>
      (search === undefined || (r.name ?? '').toLowerCase().includes(search)) &&
      (f.runtime === undefined || r.runtime === f.runtime) &&
      (f.status === undefined || r.status === f.status)),
  }
}

function registerWorker(engine: Engine, input: unknown, callerWorkerId: string | undefined) {
  const f = decodeStruct('RegisterWorkerInput', input, {
    runtime: optStr, version: optStr, name: optStr, description: optStr, os: optStr,
    pid: { kind: 'u64', optional: true }, isolation: optStr, telemetry: { kind: 'any', optional: true },
  })
  const worker = callerWorkerId !== undefined ? engine.workers.get(callerWorkerId) : undefined
  if (worker !== undefined) worker.metadata = { ...worker.metadata, ...f }
  return { success: true }
}

export function installEngineBuiltins(engine: Engine): void {
  const register = (id: string, description: string, handler: (input: unknown, caller?: string) => unknown) =>
    engine.functions.registerBuiltin(id, ENGINE_WORKER, (input, ctx) => handler(input, ctx.callerWorkerId), { description })
  register('engine::workers::register', 'Register worker metadata', (input, caller) => registerWorker(engine, input, caller))
  register('engine::functions::list', 'List registered functions', (input) => listFunctions(engine, input))
  register('engine::functions::info', 'Describe registered functions', (input) => functionInfo(engine, input))
  register('engine::workers::list', 'List workers', (input) => listWorkers(engine, input))
}
