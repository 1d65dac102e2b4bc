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
import { HttpSessions } from './session-http.js'
import type { HttpRoute, McpHttpOptions, McpHttpServer } from './types.js'
import { Door, LOOPBACK_DOOR, createServer, refusedAtDoor, listenerUrl, listenHttp } from '../http/index.js'

export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_PORT = 3111
export const DEFAULT_PATH = '/mcp'

/** The router for paths other than the MCP one until something else is mounted there. */
export const notFoundRoute: HttpRoute = (_req, res) => sendPlain(res, 404, msg.HTTP_NOT_FOUND)

export async function startMcpHttp(options: McpHttpOptions): Promise<McpHttpServer> {
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
  const routeOther = options.route ?? notFoundRoute
  let door: Door | undefined
  const server = createServer((req, res) => {
    res.on('error', (error) => log.debug({ error: String(error) }, msg.LOG.clientAborted))
    if (refusedAtDoor(door, req, res, log)) return
    const handled = pathnameOf(req.url) === path ? serveMcp(req, res) : routeOther(req, res)
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
