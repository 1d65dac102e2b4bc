/**
 * JSON-RPC 2.0 framing as the v0.5.8 bridge applies it (bridge §1.2): one message per POST,
 * no batches; an `id` that is not a string or an i64 makes the message a notification.
 */
import * as msg from './messages.js'
import { isJsonObject } from '../core/index.js'

export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const METHOD_NOT_FOUND = -32601
export const INVALID_PARAMS = -32602
export const INTERNAL_ERROR = -32603
/** Streamable HTTP session errors, as the SDK's transport numbers them. */
export const SESSION_ERROR = -32000
export const SESSION_NOT_FOUND = -32001

export type RpcId = string | number

interface RpcErrorBody {
  code: number
  message: string
}

export type RpcResponse =
  | { jsonrpc: '2.0'; id: RpcId | null; result: unknown }
  | { jsonrpc: '2.0'; id: RpcId | null; error: RpcErrorBody }

type Frame =
  | { kind: 'reply'; response: RpcResponse }
  | { kind: 'notification' }
  | { kind: 'request'; id: RpcId; method: string; params: unknown }

/** A failure a method handler reports as a JSON-RPC error (never as an HTTP status). */
export class RpcError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message)
    this.name = 'RpcError'
  }
}

const I64_MIN = -(2 ** 63)
const I64_LIMIT = 2 ** 63

// "a" => "a"; 7 => 7; 1.5, null, {}, 2**63 => undefined (serde's as_i64 fails)
export function rpcId(value: unknown): RpcId | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isInteger(value) && value >= I64_MIN && value < I64_LIMIT) return value
  return undefined
}

export function success(id: RpcId | null, result: unknown): RpcResponse {
  return { jsonrpc: '2.0', id, result }
}

export function failure(id: RpcId | null, code: number, message: string): RpcResponse {
  return { jsonrpc: '2.0', id, error: { code, message } }
}

export function classifyFrame(body: unknown): Frame {
  if (Array.isArray(body)) return { kind: 'reply', response: failure(null, INVALID_REQUEST, msg.BATCH_NOT_SUPPORTED) }
  if (!isJsonObject(body) || body.jsonrpc !== '2.0' || typeof body.method !== 'string') {
    const id = isJsonObject(body) ? rpcId(body.id) : undefined
    return { kind: 'reply', response: failure(id ?? null, INVALID_REQUEST, msg.INVALID_REQUEST) }
  }
  const id = rpcId(body.id)
  if (id === undefined) return { kind: 'notification' }
  return { kind: 'request', id, method: body.method, params: body.params ?? null }
}
