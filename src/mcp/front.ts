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
import { viewBackend } from './view-backend.js'

export interface McpFrontOptions {
  backend: McpBackend
  profile: McpProfile
  log: Logger
  serverVersion: string
  /** E12.2: the cache hints of 2026-07-28 lists and reads. */
  cache?: CachePolicy
  /** The client the change feed registers on, and the scopes it watches (the bridge profile has a hub only with one). */
  feed?: { iii: IIIClient; scopes: FeedScopes }
  /** E20: the names of config.yaml's views (each served by its own part, `McpFront.view`). */
  views?: readonly string[]
}

/** What serves one catalogue (the whole, or a view): the method table's context and the change hub. */
export interface FrontPart {
  ctx: SharedContext
  /** What full-profile sessions are notified from; undefined on the bridge profile. */
  hub: ChangeHub | undefined
  /** The change hub whatever the profile (the catalogue page's live updates). */
  changes: ChangeHub | undefined
}

export interface McpFront extends FrontPart {
  /**
   * E20.2: the part serving view `name` over the same backend (its calls go through
   * `skills::in-view`), made on first use, one per view; undefined for a name `views` lacks.
   */
  view(name: string): FrontPart | undefined
  close(): void
}

export function createMcpFront(options: McpFrontOptions): McpFront {
  const log = options.log.child({ module: 'mcp' })
  const live = options.profile === 'full' || options.feed !== undefined
  // Every change signal reaches every part's hub; each compares what its own clients would read,
  // so a view's sessions hear only of changes the view holds.
  const hubs = new Set<ChangeHub>()
  const part = (backend: McpBackend): FrontPart => {
    const ctx: SharedContext = {
      backend,
      log,
      serverVersion: options.serverVersion,
      profile: options.profile,
      cache: options.cache,
      ...(options.profile === 'full' ? fullProfileState(backend) : {}),
    }
    if (!live) return { ctx, hub: undefined, changes: undefined }
    // The hub compares what a full-profile client would read, whichever profile the sessions speak.
    const fullCtx: SharedContext = { ...ctx, profile: 'full' }
    const hub = new ChangeHub((method, params) => dispatch(method, params, fullCtx), log)
    hubs.add(hub)
    return { ctx, hub: options.profile === 'full' ? hub : undefined, changes: hub }
  }
  const whole = part(options.backend)
  if (options.feed !== undefined) {
    bindChangeFeed(options.feed.iii, {
      skillsChanged: (ids) => hubs.forEach((hub) => hub.skillsChanged(ids)),
      promptsChanged: () => hubs.forEach((hub) => hub.promptsChanged()),
      functionsChanged: () => hubs.forEach((hub) => hub.functionsChanged()),
    }, options.feed.scopes, log)
  }
  const views = new Map<string, FrontPart>()
  return {
    ...whole,
    view(name) {
      if (!(options.views ?? []).includes(name)) return undefined
      let viewed = views.get(name)
      if (viewed === undefined) views.set(name, (viewed = part(viewBackend(options.backend, name))))
      return viewed
    },
    close: () => hubs.forEach((hub) => hub.close()),
  }
}
