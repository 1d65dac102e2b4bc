/**
 * What the MCP endpoint needs from the engine it fronts: call a function, list functions. The
 * embedded engine is adapted to this; a fake one backs the tests.
 */
import type { Logger } from '../../logger.js'
import type { HttpRequestHandler } from '../http-triggers/index.js'

export interface FunctionSummary {
  function_id: string
  description?: string
  request_format?: unknown
  metadata?: unknown
}

export interface McpBackend {
  /** Rejects with an Error carrying `.code` (e.g. `function_not_found`), as iii-sdk's InvocationError. */
  invoke(functionId: string, data: unknown): Promise<unknown>
  listFunctions(): Promise<FunctionSummary[]>
}

export interface McpHttpOptions {
  /** Defaults to loopback; binding anything else is the caller's decision (`--allow-remote`). */
  host?: string
  /** Default 3111; 0 picks a free port. */
  port?: number
  /** Default `/mcp`. */
  path?: string
  backend: McpBackend
  log?: Logger
  /** `serverInfo.version` in the initialize result; defaults to the bridge version we mirror. */
  serverVersion?: string
  /** Serves every path but `path`: the embedded engine's `http` triggers. Absent: plain 404. */
  httpTriggers?: HttpRequestHandler
}

export interface McpHttpServer {
  url: string
  host: string
  port: number
  close(): Promise<void>
}

export type JsonObject = Record<string, unknown>

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
