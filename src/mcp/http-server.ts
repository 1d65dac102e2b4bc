/**
 * The HTTP listener of embedded mode (and of `--stdio` or `--mcp-front` fronts): MCP at `{path}` in the
 * chosen profile — `full` (2025-11-25 sessions with the GET SSE stream, and stateless 2026-07-28
 * requests with listen streams; session-http.ts, modern-http.ts) or `bridge`
 * (the iii `mcp` worker v0.5.8's exact framing; bridge-http.ts) — and every other path handed to
 * one router (`route`; a plain 404 unless one is given). Bound to loopback unless the caller asks
 * otherwise.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pino } from 'pino'
import { packageVersion } from '../fs/index.js'
import { serveBridge } from './bridge-http.js'
import * as msg from './messages.js'
import { DEFAULT_SERVER_VERSION, fullProfileState, type MethodContext } from './methods.js'
import { sendPlain } from './replies.js'
import type { FrontPart } from './front.js'
import { HttpSessions } from './session-http.js'
import type { HttpRoute, McpHttpOptions, McpHttpServer } from './types.js'
import { Door, LOOPBACK_DOOR, createServer, refusedAtDoor, listenerUrl, listenHttp } from '../http/index.js'
import { messages } from '../core/index.js'

export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_PORT = 3111
export const DEFAULT_PATH = '/mcp'

/** The router for paths other than the MCP one until something else is mounted there. */
export const notFoundRoute: HttpRoute = (_req, res) => sendPlain(res, 404, msg.HTTP_NOT_FOUND)

/**
 * E20.2: the part serving a view at `{path}/views/{name}` (front.ts), undefined for a name that is
 * no view (404 `unknown view {name:?}`).
 */
export type ViewParts = (name: string) => FrontPart | undefined

export async function startMcpHttp(options: McpHttpOptions, viewParts: ViewParts = () => undefined): Promise<McpHttpServer> {
  const host = options.host ?? DEFAULT_HOST
  const path = normalizePath(options.path ?? DEFAULT_PATH)
  const log = (options.log ?? pino({ level: 'silent' })).child({ module: 'mcp' })
  const profile = options.profile ?? 'full'
  const ctx: MethodContext = {
    backend: options.backend,
    log,
    serverVersion: options.serverVersion ?? (profile === 'full' ? packageVersion() : DEFAULT_SERVER_VERSION),
    profile,
    cache: options.cache,
    ...(profile === 'full' ? fullProfileState(options.backend) : {}),
  }
  const sessions = ctx.profile === 'full'
    ? new HttpSessions(ctx, options.changes, options.sessionIdleMs, options.maxSessions)
    : undefined
  const serveMcp = (req: IncomingMessage, res: ServerResponse) => (sessions ? sessions.serve(req, res) : serveBridge(req, res, ctx))
  // Each view's endpoint has sessions of its own, made on its first request.
  const viewSessions = new Map<string, HttpSessions | undefined>()
  const serveView = (name: string, req: IncomingMessage, res: ServerResponse) => {
    const part = viewParts(name)
    if (part === undefined) return sendPlain(res, 404, messages.unknownView(name))
    if (!viewSessions.has(name)) viewSessions.set(name, part.ctx.profile === 'full' ? new HttpSessions(part.ctx, part.hub, options.sessionIdleMs, options.maxSessions) : undefined)
    const served = viewSessions.get(name)
    return served ? served.serve(req, res) : serveBridge(req, res, part.ctx)
  }
  const viewsPrefix = `${path}/views/`
  const routeOther = options.route ?? notFoundRoute
  let door: Door | undefined
  const server = createServer((req, res) => {
    res.on('error', (error) => log.debug({ error: String(error) }, msg.LOG.clientAborted))
    const pathname = pathnameOf(req.url)
    const view = pathname?.startsWith(viewsPrefix) ? pathname.slice(viewsPrefix.length) : undefined
    if (refusedAtDoor(door, req, res, log, view)) return
    const handled = view !== undefined ? serveView(view, req, res) : pathname === path ? serveMcp(req, res) : routeOther(req, res)
    Promise.resolve(handled).catch((error: unknown) => {
      log.error({ error: String(error) }, msg.LOG.routeFailed)
      if (!res.headersSent) sendPlain(res, 500, msg.HTTP_INTERNAL_ERROR)
      else res.destroy()
    })
  })
  await listenHttp(server, options.port ?? DEFAULT_PORT, host).catch(async (error: unknown) => {
    await sessions?.close()
    throw error
  })
  server.on('error', (error) => log.error({ error: String(error) }, msg.LOG.serverError))
  const port = (server.address() as AddressInfo).port
  door = new Door(host, port, options.door ?? LOOPBACK_DOOR)
  const url = listenerUrl('http', host, port, path)
  log.info({ url, profile: ctx.profile }, msg.LOG.listening)
  let closing: Promise<void> | undefined
  return {
    url,
    host,
    port,
    close: () =>
      (closing ??= (async () => {
        await sessions?.close()
        await Promise.all([...viewSessions.values()].map((served) => served?.close()))
        await closeServer(server)
        log.info({ url }, msg.LOG.closed)
      })()),
  }
}

// "mcp" => "/mcp"
function normalizePath(path: string): string {
  return path.startsWith('/') ? path : `/${path}`
}

function pathnameOf(url: string | undefined): string | undefined {
  try {
    return new URL(url ?? '/', 'http://localhost').pathname
  } catch {
    // An unparsable request target matches no route: 404.
    return undefined
  }
}


function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => {
      if (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(error)
      else resolve()
    })
    server.closeAllConnections()
  })
}
