/**
 * The full profile's SDK v2 server (`@modelcontextprotocol/server`), one instance per serving unit:
 * one HTTP request of the 2026-07-28 revision (createMcpHandler), one 2025-11-25 HTTP session, or one
 * stdio connection of either revision (serveStdio). Every method is answered from the one method
 * table (methods.ts): on 2026-07-28 each registered by name, on 2025-11-25 through the fallback
 * handler with the session's subscriptions. The SDK itself answers `initialize` and
 * `server/discover`, checks the `_meta` envelope, refuses the methods 2026-07-28 removed, and stamps
 * `resultType`, `ttlMs`/`cacheScope` and the server's identity on 2026-07-28 results (E12.2).
 */
import { z } from 'zod'
import { Server, type McpRequestContext, type ServerCapabilities, type ServerContext } from '@modelcontextprotocol/server'
import { BASELINE_WAIT_MS, type ChangeHub } from './change-hub.js'
import { cacheFields } from './cache-hints.js'
import { installDiagnosticsLog, sendRequestDiagnostics } from './diagnostics-log.js'
import * as msg from './messages.js'
import { dispatch, methodNames, type MethodContext, type SharedContext } from './methods.js'
import { serverInstructions } from './instructions.js'
import { McpSession } from './session.js'
import { SKILLS_EXTENSION_CAPABILITY, SKILLS_EXTENSION_METHODS } from './skills-extension.js'
import { isJsonObject, type JsonObject } from '../core/index.js'

const FULL_SERVER_NAME = 'iii-skills'

const FULL_CAPABILITIES: ServerCapabilities = Object.freeze({
  tools: { listChanged: true },
  resources: { listChanged: true, subscribe: true },
  prompts: { listChanged: true },
  logging: {},
  extensions: SKILLS_EXTENSION_CAPABILITY,
})
/**
 * 2026-07-28 declares completions, as the SDK requires of a server that registers completion/complete.
 * The 2025-11-25 capabilities stay as they were: its completion/complete is answered all the same.
 */
const MODERN_CAPABILITIES: ServerCapabilities = Object.freeze({
  ...FULL_CAPABILITIES,
  completions: {},
})

export interface ServerFactoryOptions {
  ctx: SharedContext
  /** Feeds a 2025-11-25 session's notifications (and a 2026-07-28 stdio connection's; see `connection`). */
  hub?: ChangeHub
  /**
   * stdio: 2026-07-28 instances get a session too (its notifications go to the connection's listen
   * router), and each session is handed here once attached.
   */
  connection?: { onSession(session: McpSession): void }
}

// {uri:"iii://a", _meta:{…}} => {uri:"iii://a"}: the skills functions see what a 2025 client sends.
function withoutMeta(params: unknown): unknown {
  if (!isJsonObject(params) || !('_meta' in params)) return params
  const { _meta: _dropped, ...rest } = params
  return rest
}

/** Any params object: the table validates its own params, with its own texts. */
const ANY_PARAMS = z.object({}).passthrough()

/**
 * Every method of the table, registered by name: what the table does not serve is then the SDK's
 * own -32601 (HTTP 404), and what 2026-07-28 removed (`ping`, `resources/subscribe`, …) the SDK
 * refuses before any handler runs.
 */
function registerModernMethods(server: Server, ctx: SharedContext): void {
  for (const method of methodNames('full')) {
    const run = async (params: unknown, serverCtx: ServerContext): Promise<JsonObject> => {
      const result = await dispatch(method, withoutMeta(params), ctx)
      await sendRequestDiagnostics(serverCtx, ctx.backend)
      return { ...result, ...cacheFields(method, ctx.cache) }
    }
    if (!SKILLS_EXTENSION_METHODS.has(method)) server.setRequestHandler(method as 'tools/list', (request, serverCtx) => run(request.params, serverCtx) as never)
    else server.setRequestHandler(method, { params: ANY_PARAMS }, (params, serverCtx) => run(params, serverCtx))
  }
}

/** A fresh server for one serving unit; `era` is what the serving entry decided. */
export async function createFullServer(options: ServerFactoryOptions, request: McpRequestContext): Promise<Server> {
  const { ctx } = options
  const started = performance.now()
  const instructions = await serverInstructions(ctx)
  const server = new Server(
    { name: FULL_SERVER_NAME, version: ctx.serverVersion },
    { capabilities: request.era === 'modern' ? MODERN_CAPABILITIES : FULL_CAPABILITIES, ...(instructions ? { instructions } : {}) },
  )
  server.onerror = (error) => ctx.log.debug({ error: String(error) }, msg.LOG.transportError)
  const modern = request.era === 'modern'
  if (modern) registerModernMethods(server, ctx)
  if (modern && options.connection === undefined) return server
  const session = new McpSession(server, options.hub, ctx.log)
  if (!modern) {
    const sessionCtx: MethodContext = { ...ctx, session }
    session.onSkillsChanged = installDiagnosticsLog(server, ctx.backend)
    server.fallbackRequestHandler = async (rpc: { method: string; params?: unknown }, _serverCtx: ServerContext) =>
      (await dispatch(rpc.method, rpc.params, sessionCtx)) as JsonObject
  }
  const previous = server.onclose
  server.onclose = () => {
    previous?.()
    session.close()
  }
  // E19.3: the count and the baselines share one wait, so a start's `initialize` waits once, not twice.
  if (options.hub !== undefined) await options.hub.attach(session, BASELINE_WAIT_MS - (performance.now() - started))
  options.connection?.onSession(session)
  return server
}
