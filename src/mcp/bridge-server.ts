/**
 * The bridge profile's SDK v2 server, for stdio (its HTTP framing is hand-written: bridge-http.ts):
 * every method answered from the one method table through the fallback handler, `initialize`
 * included, so the v0.5.8 identity (`mcp`), capabilities and fixed protocol version go on the wire
 * exactly as over HTTP.
 */
import { Server, type ServerCapabilities } from '@modelcontextprotocol/server'
import * as msg from './messages.js'
import { dispatch, type SharedContext } from './methods.js'

const BRIDGE_SERVER_NAME = 'mcp'
const BRIDGE_CAPABILITIES: ServerCapabilities = Object.freeze({ tools: {}, resources: {}, prompts: {} })

export function createBridgeServer(ctx: SharedContext): Server {
  const server = new Server({ name: BRIDGE_SERVER_NAME, version: ctx.serverVersion }, { capabilities: BRIDGE_CAPABILITIES })
  server.removeRequestHandler('initialize')
  server.fallbackRequestHandler = async (request) => dispatch(request.method, request.params, ctx)
  server.onerror = (error) => ctx.log.debug({ error: String(error) }, msg.LOG.transportError)
  return server
}
