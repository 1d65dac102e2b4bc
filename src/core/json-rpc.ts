/**
 * JSON-RPC 2.0 framing for `skills::rpc` (E2): one request object per POST. A batch
 * array, or anything that is not a request object (no `"jsonrpc": "2.0"`, a `method` that is not a
 * string, an `id` that is not a string, number or null, `params` that are neither an object nor an
 * array), is an Invalid Request (-32600) answered with the request's `id` when it has a usable one,
 * else `null`. A request without an `id` member is a notification: it is never answered.
 */
import { isJsonObject } from './json-object.js'
import * as msg from './messages.js'

export const INVALID_REQUEST = -32600
export const METHOD_NOT_FOUND = -32601
export const INVALID_PARAMS = -32602
export const INTERNAL_ERROR = -32603

export type RpcId = string | number | null

export type RpcResponse =
  | { jsonrpc: '2.0'; id: RpcId; result: unknown }
  | { jsonrpc: '2.0'; id: RpcId; error: { code: number; message: string } }

type RpcFrame =
  | { kind: 'invalid'; response: RpcResponse }
  | { kind: 'notification'; method: string }
  | { kind: 'request'; id: RpcId; method: string; params: unknown }

export function rpcResult(id: RpcId, result: unknown): RpcResponse {
  return { jsonrpc: '2.0', id, result }
}

export function rpcError(id: RpcId, code: number, message: string): RpcResponse {
  return { jsonrpc: '2.0', id, error: { code, message } }
}


// "a" => true; 7, -1.5 => true; null => true; {}, [], true => false
function isRpcId(value: unknown): value is RpcId {
  return typeof value === 'string' || typeof value === 'number' || value === null
}

// {"jsonrpc":"2.0","id":1,"method":"list_skills"} => request 1 list_skills, params undefined
// {"jsonrpc":"2.0","method":"list_skills"} => notification; [..] or {"id":1} => invalid (-32600)
export function classifyRequest(body: unknown): RpcFrame {
  if (Array.isArray(body)) return { kind: 'invalid', response: rpcError(null, INVALID_REQUEST, msg.RPC_BATCH_NOT_SUPPORTED) }
  if (!isJsonObject(body)) return { kind: 'invalid', response: rpcError(null, INVALID_REQUEST, msg.RPC_INVALID_REQUEST) }
  const hasId = Object.hasOwn(body, 'id')
  const id = hasId && isRpcId(body.id) ? body.id : null
  const params = body.params
  const paramsOk = params === undefined || typeof params === 'object' && params !== null
  if (body.jsonrpc !== '2.0' || typeof body.method !== 'string' || (hasId && !isRpcId(body.id)) || !paramsOk) {
    return { kind: 'invalid', response: rpcError(id, INVALID_REQUEST, msg.RPC_INVALID_REQUEST) }
  }
  if (!hasId) return { kind: 'notification', method: body.method }
  return { kind: 'request', id, method: body.method, params }
}
