/**
 * The bridge's method table (mcp-bridge.md §1.3). No lifecycle gating: any method works without
 * a prior `initialize`. Methods the bridge does not implement (`completion/complete`,
 * `resources/subscribe`, `logging/setLevel`, …) get -32601 like it, for parity, even where an
 * empty completion list would be friendlier.
 */
import type { Logger } from '../../logger.js'
import { callDelegate, DELEGATES } from './delegates.js'
import { failure, INTERNAL_ERROR, METHOD_NOT_FOUND, RpcError, success, type RpcId, type RpcResponse } from './jsonrpc.js'
import * as msg from './messages.js'
import { callTool, listTools } from './tools.js'
import type { JsonObject, McpBackend } from './types.js'

export const PROTOCOL_VERSION = '2025-06-18'
export const DEFAULT_SERVER_VERSION = '0.5.8'

export interface MethodContext {
  backend: McpBackend
  log: Logger
  serverVersion: string
}

type Method = (params: unknown, ctx: MethodContext) => Promise<JsonObject>

const METHODS: Readonly<Record<string, Method>> = Object.freeze({
  initialize: async (_params, ctx) => ({
    protocolVersion: PROTOCOL_VERSION,
    capabilities: { tools: {}, resources: {}, prompts: {} },
    serverInfo: { name: 'mcp', version: ctx.serverVersion },
  }),
  ping: async () => ({}),
  'tools/list': async (_params, ctx) => listTools(ctx.backend),
  'tools/call': async (params, ctx) => callTool(params, ctx.backend, ctx.log),
  ...Object.fromEntries(
    Object.entries(DELEGATES).map(([method, delegate]): [string, Method] => [
      method,
      (params, ctx) => callDelegate(delegate, params, ctx.backend, ctx.log),
    ]),
  ),
})

export async function answerRequest(id: RpcId, method: string, params: unknown, ctx: MethodContext): Promise<RpcResponse> {
  if (!Object.hasOwn(METHODS, method)) return failure(id, METHOD_NOT_FOUND, msg.methodNotFound(method))
  try {
    return success(id, await METHODS[method]!(params, ctx))
  } catch (error) {
    if (error instanceof RpcError) return failure(id, error.code, error.message)
    return failure(id, INTERNAL_ERROR, error instanceof Error ? error.message : String(error))
  }
}
