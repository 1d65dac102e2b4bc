/**
 * An `@modelcontextprotocol/sdk` Server for one client connection, answering every method from the
 * one method table (methods.ts) through the SDK's fallback request handler, so the table's exact
 * results and error texts go on the wire whatever the transport. The full profile advertises
 * list-changed and subscribe and lets the SDK negotiate `initialize`; the bridge profile keeps the
 * v0.5.8 identity, capabilities and fixed protocol version (its table answers `initialize`).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { ServerCapabilities, ServerResult } from '@modelcontextprotocol/sdk/types.js'
import type { ChangeHub } from './change-hub.js'
import * as msg from './messages.js'
import { dispatch, type MethodContext } from './methods.js'
import { installDiagnosticsLog } from './diagnostics-log.js'
import { serverInstructions } from './instructions.js'
import { McpSession } from './session.js'
import { SKILLS_EXTENSION_CAPABILITY } from './skills-extension.js'

const FULL_SERVER_NAME = 'iii-skills'
const BRIDGE_SERVER_NAME = 'mcp'

const FULL_CAPABILITIES: ServerCapabilities = Object.freeze({
  tools: { listChanged: true },
  resources: { listChanged: true, subscribe: true },
  prompts: { listChanged: true },
  // E6.7: the SDK server answers logging/setLevel per session and filters notifications/message by it.
  logging: {},
  extensions: SKILLS_EXTENSION_CAPABILITY,
})
const BRIDGE_CAPABILITIES: ServerCapabilities = Object.freeze({ tools: {}, resources: {}, prompts: {} })

/** The table context every session shares (no session yet). */
export type SharedContext = Omit<MethodContext, 'session'>

interface SdkSession {
  server: Server
  session: McpSession
}

/**
 * Builds the server, attaches its session to the change hub (full profile; waits for the hub's
 * baselines) and connects it to `transport`. Closing the transport closes the session.
 */
export async function connectSdkSession(
  ctx: SharedContext,
  transport: Transport,
  hub?: ChangeHub,
  onClose?: () => void,
): Promise<SdkSession> {
  const full = ctx.profile === 'full'
  const instructions = await serverInstructions(ctx)
  const server = new Server(
    { name: full ? FULL_SERVER_NAME : BRIDGE_SERVER_NAME, version: ctx.serverVersion },
    { capabilities: full ? FULL_CAPABILITIES : BRIDGE_CAPABILITIES, ...(instructions === undefined ? {} : { instructions }) },
  )
  const session = new McpSession(server, full ? hub : undefined, ctx.log)
  const sessionCtx: MethodContext = full ? { ...ctx, session } : ctx
  if (!full) server.removeRequestHandler('initialize')
  else session.onSkillsChanged = installDiagnosticsLog(server, ctx.backend)
  server.fallbackRequestHandler = async (request) => (await dispatch(request.method, request.params, sessionCtx)) as ServerResult
  server.onerror = (error) => ctx.log.debug({ error: String(error) }, msg.LOG.transportError)
  server.onclose = () => {
    session.close()
    onClose?.()
  }
  if (full && hub !== undefined) await hub.attach(session)
  try {
    await server.connect(transport)
  } catch (error) {
    session.close()
    throw error
  }
  return { server, session }
}
