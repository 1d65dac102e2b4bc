/**
 * The iii worker protocol frames (engine 0.22.1 `protocol.rs`), decoded as strictly as serde would:
 * a frame that the Rust engine cannot decode is dropped without a reply (spec §1.1, §1.5), so the
 * caller of a bad `invokefunction` waits for its timeout exactly as it would against the real
 * engine. Unknown fields are ignored; unknown `type`s (including `unregistertriggertype`, which
 * 0.22.1 lacks) are undecodable and therefore ignored.
 */
import { exceedsSerdeDepth } from './json-depth.js'
import { DecodeError, decodeStruct, invalidType, type FieldSpec } from './serde.js'
import { isJsonObject, type JsonObject } from '../core/index.js'

export interface ErrorBody {
  code: string
  message: string
  stacktrace?: string
}

export type TriggerAction = { type: 'void' } | { type: 'enqueue'; queue: string }

interface RegisterFunctionMsg {
  type: 'registerfunction'
  id: string
  description?: string
  request_format?: unknown
  response_format?: unknown
  metadata?: unknown
}
export interface RegisterTriggerTypeMsg {
  type: 'registertriggertype'
  id: string
  description: string
  trigger_request_format?: unknown
  call_request_format?: unknown
}
export interface RegisterTriggerMsg {
  type: 'registertrigger'
  id: string
  trigger_type: string
  function_id: string
  config: unknown
  metadata?: unknown
}
export interface TriggerRegistrationResultMsg {
  type: 'triggerregistrationresult'
  id: string
  trigger_type: string
  function_id: string
  error?: ErrorBody
}
export interface InvokeFunctionMsg {
  type: 'invokefunction'
  invocation_id?: string
  function_id: string
  data: unknown
  traceparent?: string
  baggage?: string
  action?: TriggerAction
  metadata?: unknown
}
export interface InvocationResultMsg {
  type: 'invocationresult'
  invocation_id: string
  function_id: string
  result?: unknown
  error?: ErrorBody
  traceparent?: string
  baggage?: string
}

export type InboundMessage =
  | RegisterFunctionMsg
  | { type: 'unregisterfunction'; id: string }
  | RegisterTriggerTypeMsg
  | RegisterTriggerMsg
  | { type: 'unregistertrigger'; id: string; trigger_type?: string }
  | TriggerRegistrationResultMsg
  | InvokeFunctionMsg
  | InvocationResultMsg
  | { type: 'reattach'; previous_worker_id: string; reattach_token?: string }
  | { type: 'registerservice' }
  | { type: 'ping' }
  | { type: 'pong' }
  | { type: 'workerregistered' }

const str: FieldSpec = { kind: 'string' }
const optStr: FieldSpec = { kind: 'string', optional: true }
const anyValue: FieldSpec = { kind: 'any' }
const optAny: FieldSpec = { kind: 'any', optional: true }

const VARIANTS: Record<string, Record<string, FieldSpec>> = {
  registerfunction: {
    id: str, description: optStr, request_format: optAny, response_format: optAny, metadata: optAny, invocation: optAny,
  },
  unregisterfunction: { id: str },
  registertriggertype: { id: str, description: str, trigger_request_format: optAny, call_request_format: optAny },
  registertrigger: { id: str, trigger_type: str, function_id: str, config: anyValue, metadata: optAny },
  triggerregistrationresult: { id: str, trigger_type: str, function_id: str, error: optAny },
  unregistertrigger: { id: str, trigger_type: optStr },
  invokefunction: {
    invocation_id: { kind: 'uuid', optional: true }, function_id: str, data: anyValue,
    traceparent: optStr, baggage: optStr, action: optAny, metadata: optAny,
  },
  invocationresult: {
    invocation_id: { kind: 'uuid' }, function_id: str, result: optAny, error: optAny, traceparent: optStr, baggage: optStr,
  },
  registerservice: { id: str, name: optStr, description: optStr, parent_service_id: optStr },
  reattach: { previous_worker_id: str, reattach_token: optStr },
  workerregistered: { worker_id: str, reattach_token: optStr },
  ping: {},
  pong: {},
}

const VARIANT_LIST = Object.keys(VARIANTS).map((v) => `\`${v}\``).join(', ')

function decodeErrorBody(value: unknown): ErrorBody {
  return decodeStruct('ErrorBody', value, { code: str, message: str, stacktrace: optStr }) as unknown as ErrorBody
}

function decodeAction(value: unknown): TriggerAction {
  if (!isJsonObject(value)) throw new DecodeError(invalidType(value, 'internally tagged enum TriggerAction'))
  if (value.type === 'void') return { type: 'void' }
  if (value.type === 'enqueue') return { type: 'enqueue', queue: decodeStruct('Enqueue', value, { queue: str }).queue as string }
  if (value.type === undefined) throw new DecodeError('missing field `type`')
  throw new DecodeError(`unknown variant ${JSON.stringify(value.type)}, expected \`enqueue\` or \`void\``)
}

/** The serde decode of one parsed frame; throws DecodeError with serde's reason. */
function decodeMessage(frame: unknown, options: { strict: boolean }): InboundMessage {
  if (!isJsonObject(frame)) throw new DecodeError(invalidType(frame, 'internally tagged enum Message'))
  const type = frame.type
  if (type === undefined) throw new DecodeError('missing field `type`')
  if (typeof type !== 'string' || !(type in VARIANTS)) {
    throw new DecodeError(`unknown variant \`${String(type)}\`, expected one of ${VARIANT_LIST}`)
  }
  let input: JsonObject = frame
  if (type === 'invokefunction' && !options.strict && !('data' in frame)) input = { ...frame, data: null }
  const fields = decodeStruct(type, input, VARIANTS[type] as Record<string, FieldSpec>)
  if (fields.error !== undefined) fields.error = decodeErrorBody(fields.error)
  if (fields.action !== undefined) fields.action = decodeAction(fields.action)
  if (fields.invocation !== undefined && !isJsonObject(fields.invocation)) {
    throw new DecodeError(invalidType(fields.invocation, 'struct HttpInvocationRef'))
  }
  return { type, ...fields } as InboundMessage
}

type FrameDecode = { message: InboundMessage } | { error: string }

/** Text (or non-telemetry binary) frame → message, or the reason it is dropped. */
export function decodeFrame(text: string, options: { strict: boolean }): FrameDecode {
  if (exceedsSerdeDepth(text)) return { error: 'recursion limit exceeded' }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (err) {
    return { error: (err as Error).message }
  }
  return decodeValue(parsed, options)
}

/** A frame's value, already parsed (an in-process worker's: local-socket.ts) → message, or the reason it is dropped. */
export function decodeValue(parsed: unknown, options: { strict: boolean }): FrameDecode {
  try {
    return { message: decodeMessage(parsed, options) }
  } catch (err) {
    if (err instanceof DecodeError) return { error: err.message }
    throw err
  }
}

/** Binary frames starting with these 4 bytes are telemetry and skipped (spec §1.1). */
export const TELEMETRY_PREFIXES = ['OTLP', 'MTRC', 'LOGS']
