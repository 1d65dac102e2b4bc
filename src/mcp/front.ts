/**
 * The MCP front one process runs, whatever its transports: the method table's shared context and,
 * when a change feed is given, the change hub it feeds. The stdio server and the HTTP listener of
 * one process share it, so both see the same notifications. Full-profile sessions get the hub; on
 * the bridge profile (no notifications, as v0.5.8) only the catalogue page listens to it.
 */
import type { IIIClient } from 'iii-sdk'
import type { Logger } from 'pino'
import { bindChangeFeed, type FeedScopes } from './change-feed.js'
import { ChangeHub } from './change-hub.js'
import type { CachePolicy } from './cache-hints.js'
import { dispatch, fullProfileState, type SharedContext } from './methods.js'
import type { McpBackend, McpProfile } from './types.js'

export interface McpFrontOptions {
  backend: McpBackend
  profile: McpProfile
  log: Logger
  serverVersion: string
  /** E12.2: the cache hints of 2026-07-28 lists and reads. */
  cache?: CachePolicy
  /** The client the change feed registers on, and the scopes it watches (the bridge profile has a hub only with one). */
  feed?: { iii: IIIClient; scopes: FeedScopes }
}

export interface McpFront {
  ctx: SharedContext
  /** What full-profile sessions are notified from; undefined on the bridge profile. */
  hub: ChangeHub | undefined
  /** The change hub whatever the profile (the catalogue page's live updates). */
  changes: ChangeHub | undefined
  close(): void
}

export function createMcpFront(options: McpFrontOptions): McpFront {
  const ctx: SharedContext = {
    backend: options.backend,
    log: options.log.child({ module: 'mcp' }),
    serverVersion: options.serverVersion,
    profile: options.profile,
    cache: options.cache,
    ...(options.profile === 'full' ? fullProfileState(options.backend) : {}),
  }
  if (options.profile !== 'full' && options.feed === undefined) return { ctx, hub: undefined, changes: undefined, close: () => undefined }
  // The hub compares what a full-profile client would read, whichever profile the sessions speak.
  const fullCtx: SharedContext = { ...ctx, profile: 'full' }
  const hub = new ChangeHub((method, params) => dispatch(method, params, fullCtx), ctx.log)
  if (options.feed !== undefined) bindChangeFeed(options.feed.iii, hub, options.feed.scopes, ctx.log)
  return { ctx, hub: options.profile === 'full' ? hub : undefined, changes: hub, close: () => hub.close() }
}
