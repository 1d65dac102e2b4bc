/**
 * `skills::rpc` (E2, JSON-RPC over HTTP): the engine's `http` trigger request
 * envelope it receives (iii-http's `ApiRequest`) and the `{status_code, headers, body}` it returns
 * (`ApiResponse`), whose body is one JSON-RPC 2.0 response. Only `body` is read; the other fields
 * are typed so a payload that misstates them names the field, and unknown ones (the engine's
 * `trigger`, `request_body`, `response`, `_caller_worker_id`) are ignored.
 */
import { z } from 'zod'
import { toDraft07, type JsonSchema } from './json-schema.js'

const RPC_FUNCTION_ID = 'skills::rpc'
const RPC_DESCRIPTION =
  'Internal: the Skills Protocol discovery methods (list_skills, describe_skill, read_skill_file) as ' +
  'JSON-RPC 2.0 over HTTP, bound to the http trigger POST {rpc_api_path}.'

const stringMap = () => z.record(z.string())

export const RpcHttpRequest = z.object({
  path: z.string().optional().describe('The route path as bound, e.g. `skills/rpc`.'),
  method: z.string().optional().describe('The HTTP method, `POST`.'),
  path_params: stringMap().optional(),
  query_params: stringMap().optional(),
  headers: stringMap().optional().describe('Request headers, names in lower case.'),
  body: z.unknown().describe('The parsed POST body: one JSON-RPC 2.0 request object.'),
})

export const RpcErrorObject = z.object({
  code: z.number().int(),
  message: z.string(),
})

export const RpcResponse = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  result: z.unknown().optional().describe('The discovery function\'s output, on success.'),
  error: RpcErrorObject.optional().describe('-32600 invalid request, -32601 unknown method, -32602 invalid params or ' +
    'unknown skill or file, -32603 anything else.'),
})

export const RpcHttpResponse = z.object({
  status_code: z.number().int().nonnegative().describe('200, or 204 for a notification.'),
  headers: stringMap(),
  body: RpcResponse.nullable().describe('The JSON-RPC response; null (no body) for a notification.'),
})

export type RpcHttpRequest = z.infer<typeof RpcHttpRequest>
export type RpcResponse = z.infer<typeof RpcResponse>
export type RpcHttpResponse = z.infer<typeof RpcHttpResponse>

export const RPC_FUNCTION = {
  id: RPC_FUNCTION_ID,
  description: RPC_DESCRIPTION,
  metadata: { internal: true } as Record<string, unknown>,
  input: RpcHttpRequest,
  request_format: toDraft07(RpcHttpRequest, 'RpcHttpRequest') as JsonSchema,
  response_format: toDraft07(RpcHttpResponse, 'RpcHttpResponse', { RpcResponse, RpcErrorObject }) as JsonSchema,
}
