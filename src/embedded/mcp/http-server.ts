/**
 * The MCP Streamable HTTP endpoint of embedded mode: what the iii engine's HTTP trigger plus the
 * `mcp` worker v0.5.8 serve in a real deployment, in one node:http server. POST {path} only (GET
 * is 405 so SDK clients don't report a missing SSE stream); stateless, no sessions. Bound to
 * loopback unless the caller asks otherwise; bodies are capped (413) and browser requests from
 * foreign origins refused (403), neither of which the engine-fronted bridge does.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { silentLogger } from '../../logger.js'
import { classifyFrame, failure, PARSE_ERROR } from './jsonrpc.js'
import * as msg from './messages.js'
import { answerRequest, DEFAULT_SERVER_VERSION, type MethodContext } from './methods.js'
import { isAllowedOrigin } from './origin.js'
import { readRequestBody } from './read-body.js'
import { sendAccepted, sendEvent, sendJson, sendPlain } from './replies.js'
import type { McpHttpOptions, McpHttpServer } from './types.js'

export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_PORT = 3111
export const DEFAULT_PATH = '/mcp'

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

export async function startMcpHttp(options: McpHttpOptions): Promise<McpHttpServer> {
  const host = options.host ?? DEFAULT_HOST
  const path = normalizePath(options.path ?? DEFAULT_PATH)
  const log = (options.log ?? silentLogger()).child({ module: 'mcp' })
  const ctx: MethodContext = { backend: options.backend, log, serverVersion: options.serverVersion ?? DEFAULT_SERVER_VERSION }
  const server = createServer((req, res) => {
    const handled = pathnameOf(req.url) !== path && options.route ? options.route(req, res) : route(req, res, path, ctx)
    Promise.resolve(handled).catch((error: unknown) => {
      log.error({ error: String(error) }, msg.LOG.routeFailed)
      if (!res.headersSent) sendPlain(res, 500, msg.HTTP_INTERNAL_ERROR)
      else res.destroy()
    })
  })
  await listen(server, options.port ?? DEFAULT_PORT, host)
  server.on('error', (error) => log.error({ error: String(error) }, msg.LOG.serverError))
  const port = (server.address() as AddressInfo).port
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`
  log.info({ url }, msg.LOG.listening)
  return {
    url,
    host,
    port,
    close: async () => {
      await closeServer(server)
      log.info({ url }, msg.LOG.closed)
    },
  }
}

async function route(req: IncomingMessage, res: ServerResponse, path: string, ctx: MethodContext): Promise<void> {
  res.on('error', (error) => ctx.log.debug({ error: String(error) }, msg.LOG.clientAborted))
  if (pathnameOf(req.url) !== path) return sendPlain(res, 404, msg.HTTP_NOT_FOUND)
  if (req.method !== 'POST') return sendPlain(res, 405, msg.HTTP_METHOD_NOT_ALLOWED, { allow: 'POST' })
  if (!isAllowedOrigin(req.headers.origin)) {
    ctx.log.warn({ origin: req.headers.origin }, msg.LOG.originRefused)
    return sendPlain(res, 403, msg.HTTP_FORBIDDEN)
  }
  const body = await readRequestBody(req)
  if (body.kind === 'aborted') return ctx.log.debug(msg.LOG.clientAborted)
  if (body.kind === 'too-large') {
    ctx.log.warn(msg.LOG.bodyTooLarge)
    return sendPlain(res, 413, msg.HTTP_PAYLOAD_TOO_LARGE, { connection: 'close' })
  }
  const parsed = parseJson(body.bytes)
  if (!parsed.ok) return sendJson(res, 400, failure(null, PARSE_ERROR, msg.PARSE_ERROR))
  const frame = classifyFrame(parsed.value)
  if (frame.kind === 'notification') return sendAccepted(res)
  const response = frame.kind === 'reply' ? frame.response : await answerRequest(frame.id, frame.method, frame.params, ctx)
  if (res.destroyed) return ctx.log.debug({ id: response.id }, msg.LOG.clientAborted)
  sendEvent(res, response)
}

/** An empty body reads as `null` (then -32600); bytes that are not UTF-8 JSON are a parse error. */
function parseJson(bytes: Buffer): { ok: true; value: unknown } | { ok: false } {
  if (bytes.length === 0) return { ok: true, value: null }
  try {
    return { ok: true, value: JSON.parse(UTF8.decode(bytes)) }
  } catch {
    return { ok: false }
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
    return undefined
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
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
