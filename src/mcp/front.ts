/**
 * The MCP front one process runs, whatever its transports: the method table's shared context and,
 * for the full profile, the change hub fed by a change feed on an iii client. The stdio server and
 * the HTTP listener of one process share it, so both see the same notifications.
 */
import type { IIIClient } from 'iii-sdk'
import type { Logger } from 'pino'
import { bindChangeFeed, type FeedScopes } from './change-feed.js'
import { ChangeHub } from './change-hub.js'
import { dispatch } from './methods.js'
import type { SharedContext } from './sdk-server.js'
import type { McpBackend, McpProfile } from './types.js'

export interface McpFrontOptions {
  backend: McpBackend
  profile: McpProfile
  log: Logger
  serverVersion: string
  /** Full profile: the client the change feed registers on, and the scopes it watches. */
  feed?: { iii: IIIClient; scopes: FeedScopes }
}

export interface McpFront {
  ctx: SharedContext
  /** Set for the full profile. */
  hub: ChangeHub | undefined
  close(): void
}

export function createMcpFront(options: McpFrontOptions): McpFront {
  const ctx: SharedContext = {
    backend: options.backend,
    log: options.log.child({ module: 'mcp' }),
    serverVersion: options.serverVersion,
    profile: options.profile,
  }
  if (options.profile !== 'full') return { ctx, hub: undefined, close: () => undefined }
  const hub = new ChangeHub((method, params) => dispatch(method, params, ctx), ctx.log)
  if (options.feed !== undefined) bindChangeFeed(options.feed.iii, hub, options.feed.scopes, ctx.log)
  return { ctx, hub, close: () => hub.close() }
}
