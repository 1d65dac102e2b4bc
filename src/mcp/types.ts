/**
 * What the MCP endpoint needs from the engine it fronts: call a function, list functions. The
 * embedded engine and an iii-sdk client are adapted to this; a fake one backs the tests.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import type { McpProfile } from '../core/index.js'
import type { DoorRules } from '../http/index.js'
import type { CachePolicy } from './cache-hints.js'
import type { ChangeHub } from './change-hub.js'

export type { McpProfile }

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

/** Serves a request the MCP path does not own (every path but `/mcp`) on the same listener. */
export type HttpRoute = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

export interface McpHttpOptions {
  /** Defaults to loopback; binding anything else is the caller's decision (`--allow-remote`). */
  host?: string
  /** Default 3111; 0 picks a free port. */
  port?: number
  /** Default `/mcp`. */
  path?: string
  backend: McpBackend
  log?: Logger
  /** `serverInfo.version` in the initialize result; defaults to this package's (full) or the bridge's (bridge) version. */
  serverVersion?: string
  /** Default `full`. */
  profile?: McpProfile
  /** E12.2: the cache hints of 2026-07-28 lists and reads; the SDK's `ttlMs: 0`, `private` unless given. */
  cache?: CachePolicy
  /**
   * Where change notifications come from (full profile). Without it sessions still work, they are
   * simply never told about changes.
   */
  changes?: ChangeHub
  /** Requests for other paths; default a plain 404. */
  route?: HttpRoute
  /** Full profile: a session with no request and no open stream for this long is closed (default 30 min). */
  sessionIdleMs?: number
  /** Host names and bearer token every request must match (E11.1–E11.2); loopback, no token, by default. */
  door?: DoorRules
  /** Full profile: sessions open at once, and GET streams open at once (E11.6); default 1000. */
  maxSessions?: number
}

export interface McpHttpServer {
  url: string
  host: string
  port: number
  close(): Promise<void>
}
