/**
 * Invocation routing (spec §1.3): a worker's `invokefunction` goes to the function's owner with
 * `_caller_worker_id` added to object payloads and the caller's invocation id reused; void calls
 * get a fresh id and no reply; enqueue calls fail with `enqueue_error` (no queue worker here).
 * Engine-internal calls (state triggers, the `invoke` test hook) take the same path without
 * `_caller_worker_id`.
 */
import { randomUUID } from 'node:crypto'
import { InvocationError } from 'iii-sdk/errors'
import type { WorkerConnection } from './connection.js'
import type { EngineTables } from './engine-tables.js'
import { BuiltinError, type FunctionEntry } from './function-registry.js'
import type { Caller, Outcome } from './invocations.js'
import * as msg from './messages.js'
import type { ErrorBody, InvocationResultMsg, InvokeFunctionMsg } from './protocol.js'
import { materialize } from './raw-json.js'
import { DecodeError } from './serde.js'
import { isJsonObject } from '../core/index.js'

const fail = (code: string, message: string): Outcome => ({ ok: false, error: { code, message } })

function runBuiltin(entry: FunctionEntry & { kind: 'builtin' }, data: unknown, callerWorkerId?: string): Outcome | Promise<Outcome> {
  const toOutcome = (err: unknown): Outcome => {
    if (err instanceof DecodeError) return fail(msg.DESERIALIZATION_ERROR, msg.deserializationFailed(entry.id, err.message))
    if (err instanceof BuiltinError) return fail(err.code, err.message)
    return fail(msg.INVOCATION_FAILED, err instanceof Error ? err.message : String(err))
  }
  try {
    const result = entry.handler(data, { callerWorkerId })
    if (result instanceof Promise) return result.then((r): Outcome => ({ ok: true, result: r }), toOutcome)
    return { ok: true, result }
  } catch (err) {
    return toOutcome(err)
  }
}

/** Calls `then` synchronously when `value` is not a promise, so replies keep frame order. */
function whenSettled(value: Outcome | Promise<Outcome>, then: (o: Outcome) => void): void {
  if (value instanceof Promise) void value.then(then)
  else then(value)
}

function resultFrame(invocationId: string, functionId: string, outcome: Outcome): object {
  // `result: null` decodes to None in the Rust engine and is then omitted, like `undefined`.
  if (!outcome.ok) return { type: 'invocationresult', invocation_id: invocationId, function_id: functionId, error: outcome.error }
  const result = outcome.result === null ? undefined : outcome.result
  return { type: 'invocationresult', invocation_id: invocationId, function_id: functionId, result }
}

function builtinResultFrame(invocationId: string, functionId: string, outcome: Outcome): object {
  // Built-ins return `Option<Value>`: a stored null is `Some(Null)` and does go out as `"result":null`.
  if (outcome.ok && outcome.result === null) {
    return { type: 'invocationresult', invocation_id: invocationId, function_id: functionId, result: null }
  }
  return resultFrame(invocationId, functionId, outcome)
}

export function deliver(engine: EngineTables, caller: Caller, invocationId: string, functionId: string, outcome: Outcome): void {
  if (caller.kind === 'worker') caller.worker.send(resultFrame(invocationId, functionId, outcome))
  else if (caller.kind === 'internal') caller.settle(outcome)
  else if (!outcome.ok) engine.log.warn({ function_id: functionId, error: outcome.error }, msg.LOG_VOID_CALL_FAILED)
}

function sendInvoke(
  callee: WorkerConnection,
  invocationId: string,
  functionId: string,
  data: unknown,
  extra: { metadata?: unknown; traceparent?: string; baggage?: string },
): void {
  callee.send({
    type: 'invokefunction', invocation_id: invocationId, function_id: functionId, data,
    traceparent: extra.traceparent, baggage: extra.baggage, metadata: extra.metadata,
  })
}

export function handleInvoke(engine: EngineTables, conn: WorkerConnection, m: InvokeFunctionMsg): void {
  const replyId = m.action?.type === 'void' ? undefined : m.invocation_id
  if (m.action?.type === 'enqueue') {
    if (replyId !== undefined) conn.send(resultFrame(replyId, m.function_id, fail(msg.ENQUEUE_ERROR, msg.enqueueNoProvider())))
    return
  }
  const data = isJsonObject(m.data) ? { ...m.data, _caller_worker_id: conn.id } : m.data
  const entry = engine.functions.get(m.function_id)
  if (entry === undefined) {
    const error = { code: msg.FUNCTION_NOT_FOUND, message: msg.functionNotFound(m.function_id) }
    if (replyId !== undefined) conn.send(resultFrame(replyId, m.function_id, { ok: false, error }))
    else engine.log.warn({ function_id: m.function_id, error }, msg.LOG_VOID_CALL_FAILED)
    return
  }
  if (entry.kind === 'builtin') {
    whenSettled(runBuiltin(entry, data, conn.id), (outcome) => {
      if (replyId !== undefined) conn.send(builtinResultFrame(replyId, m.function_id, outcome))
      else if (!outcome.ok) engine.log.warn({ function_id: m.function_id, error: outcome.error }, msg.LOG_VOID_CALL_FAILED)
    })
    return
  }
  const invocationId = replyId ?? randomUUID()
  const caller: Caller = replyId !== undefined ? { kind: 'worker', worker: conn } : { kind: 'void', worker: conn }
  engine.invocations.add({ id: invocationId, functionId: m.function_id, callee: entry.owner, caller })
  sendInvoke(entry.owner, invocationId, m.function_id, data, m)
}

export function handleResult(engine: EngineTables, m: InvocationResultMsg): void {
  const pending = engine.invocations.take(m.invocation_id)
  if (pending === undefined) {
    engine.log.debug({ invocation_id: m.invocation_id }, msg.LOG_UNKNOWN_INVOCATION)
    return
  }
  const outcome: Outcome = m.error !== undefined ? { ok: false, error: m.error } : { ok: true, result: m.result }
  deliver(engine, pending.caller, m.invocation_id, pending.functionId, outcome)
}

export interface InternalCallOptions {
  metadata?: unknown
  timeoutMs?: number
}

function toError(functionId: string, error: ErrorBody): InvocationError {
  return new InvocationError({ ...error, function_id: functionId })
}

/** An engine-internal call: no `_caller_worker_id`; rejects with the SDK's InvocationError. */
export function callInternal(engine: EngineTables, functionId: string, data: unknown, options: InternalCallOptions = {}): Promise<unknown> {
  const entry = engine.functions.get(functionId)
  if (entry === undefined) {
    return Promise.reject(toError(functionId, { code: msg.FUNCTION_NOT_FOUND, message: msg.functionNotFound(functionId) }))
  }
  if (entry.kind === 'builtin') {
    return Promise.resolve(runBuiltin(entry, data)).then((o) => (o.ok ? materialize(o.result) : Promise.reject(toError(functionId, o.error))))
  }
  return new Promise((resolve, reject) => {
    const id = randomUUID()
    let timer: NodeJS.Timeout | undefined
    const settle = (o: Outcome) => {
      if (timer) clearTimeout(timer)
      if (o.ok) resolve(o.result === null ? undefined : o.result)
      else reject(toError(functionId, o.error))
    }
    if (options.timeoutMs !== undefined) {
      const ms = options.timeoutMs
      timer = setTimeout(() => {
        if (engine.invocations.take(id)) reject(toError(functionId, { code: msg.TIMEOUT, message: msg.invocationTimedOut(ms) }))
      }, ms)
    }
    engine.invocations.add({ id, functionId, callee: entry.owner, caller: { kind: 'internal', settle } })
    sendInvoke(entry.owner, id, functionId, data, { metadata: options.metadata })
  })
}
