/**
 * The MCP front of a process: the change feed (full profile, or the catalogue page), the HTTP listener and/or stdio,
 * started together over one backend and closed together. The change feed registers on
 * `feed.client` when the caller already has a client on the engine, else on a client of its own
 * connected to `feed.url`.
 */
import type { Writable } from 'node:stream'
import type { IIIClient } from 'iii-sdk'
import type { Logger } from 'pino'
import type { CliOptions } from './cli.js'
import { cacheConfig, type LoadedConfig, LOG } from '../core/index.js'
import {
  createMcpFront, notFoundRoute, startMcpHttp, startMcpStdio, viewBackend, type CachePolicy, type HttpRoute, type McpBackend, type McpHttpServer, type McpStdioServer,
} from '../mcp/index.js'
import { bearerHeaders, type DoorRules } from '../http/index.js'
import { packageVersion } from '../fs/index.js'

/** The embedded engine collects no telemetry, so the SDK's OTel exporter would only add noise. */
export const QUIET_SDK = { otel: { enabled: false }, enableMetricsReporting: false } as const
export const MCP_WORKER_NAME = 'iii-skills-mcp'

interface FrontParams {
  backend: McpBackend
  options: CliOptions
  config: LoadedConfig['config']
  log: Logger
  /** The HTTP listener's door, and the token the front's own engine client sends (E11). */
  door: DoorRules
  /** The change feed's client: the caller's, one of its own linked in process (`open`), or an iii-sdk client on `url`. */
  feed: { client: IIIClient } | { open(workerName: string): IIIClient } | { url: string }
  http: boolean
  /** What the HTTP listener serves on paths other than `/mcp` (default a plain 404). */
  route?: HttpRoute
  /** Whether an `http` trigger serves a method and path (it then wins over the catalogue page). */
  routeTaken?(method: string, path: string): boolean
  /** The stream MCP frames go to on stdio; no stdio server without it. */
  stdout?: Writable
}

export interface RunningFront {
  http: McpHttpServer | undefined
  stdio: McpStdioServer | undefined
  close(): Promise<void>
}

export async function startFront(params: FrontParams): Promise<RunningFront> {
  const { options, log } = params
  // The change feed serves full-profile sessions and the catalogue page, whatever the profile.
  const live = options.mcpProfile === 'full' || (options.ui && params.http)
  const ownClient = !live || 'client' in params.feed ? undefined
    : 'open' in params.feed ? params.feed.open(MCP_WORKER_NAME)
    : (await import('iii-sdk')).registerWorker(params.feed.url, { workerName: MCP_WORKER_NAME, ...QUIET_SDK, ...bearerHeaders(params.door.token) })
  const feedClient = 'client' in params.feed ? params.feed.client : ownClient
  const serverVersion = packageVersion()
  // E12.2: a 2026-07-28 client may cache lists and reads as long as the worker's listings may be
  // stale; shared caches only when no token guards them.
  const cache = cacheConfig(params.config)
  const cachePolicy: CachePolicy = {
    ttlMs: cache.enabled ? cache.max_staleness_ms : 0,
    scope: params.door.token === undefined ? 'public' : 'private',
  }
  // E20.2: `--view` makes the view this front's whole catalogue.
  const backend = options.view === undefined ? params.backend : viewBackend(params.backend, options.view)
  // A front of one view serves that view only: no other view's endpoint.
  const views = options.view === undefined ? Object.keys(params.config.views ?? {}) : []
  const front = createMcpFront({
    cache: cachePolicy,
    backend,
    views,
    profile: options.mcpProfile,
    log,
    serverVersion,
    feed: live && feedClient ? { iii: feedClient, scopes: params.config.scopes } : undefined,
  })
  let http: McpHttpServer | undefined
  let stdio: McpStdioServer | undefined
  const close = async () => {
    await stdio?.close()
    await http?.close()
    front.close()
    await ownClient?.shutdown()
  }
  try {
    if (params.http) {
      http = await startMcpHttp({
        host: options.mcpHost,
        port: options.mcpPort,
        backend,
        log,
        serverVersion,
        profile: options.mcpProfile,
        cache: cachePolicy,
        changes: front.hub,
        door: params.door,
        maxSessions: options.maxSessions,
        // E16.2: the page (markdown-it, sanitize-html) is loaded only when a listener serves it.
        route: options.ui ? (await import('../ui/index.js')).createUiRoute({
          invoke: backend.invoke,
          changes: front.changes,
          views: { names: views, part: (name) => front.view(name) },
          taken: (method, path) => params.routeTaken?.(method, path) ?? false,
          next: params.route ?? notFoundRoute,
          log,
          maxStreams: options.maxSessions,
        }) : params.route,
      }, (name) => front.view(name))
    }
    if (http !== undefined && options.ui) log.info({ url: new URL('/', http.url).href }, LOG.cataloguePage)
    if (params.stdout) stdio = await startMcpStdio({ ctx: front.ctx, hub: front.hub, stdout: params.stdout })
  } catch (error) {
    await close()
    throw error
  }
  return { http, stdio, close }
}
