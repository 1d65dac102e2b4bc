/**
 * Serves the `http` triggers bound on the embedded engine: one request handler for any node:http
 * server (the MCP listener hands it every path but its own). What iii-http's `dynamic_handler`
 * does, minus middleware, conditions and streaming channels:
 * - no route for the path: 404 `{"error":{"code":"NOT_FOUND","message":"Not Found"}}`; a route
 *   bound only for other methods: 405 with `allow`, no body (axum's answer);
 * - the function is called engine-internally (no `_caller_worker_id`, the binding's metadata as
 *   invocation metadata) with the request envelope (request.ts), and its return becomes the reply
 *   (response.ts);
 * - it fails: 500 `{"error":{"code","message","error_id"}}` with the function's error; it does
 *   not answer within the timeout (iii-http's `default_timeout`, 30 s): 504, no body.
 * Beyond iii-http, as for the MCP endpoint: the body is capped (413), a body that is not JSON is a
 * 400 (E2; iii-http reads it as null), and browser requests from foreign origins are refused (403).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isAllowedOrigin, readRequestBody, validateHeaderName, validateHeaderValue } from '../../http/index.js'
import { MAX_REQUEST_BODY_BYTES, failed, ok, type Result } from '../../core/index.js'
import type { Engine } from '../engine.js'
import { maxNestingDepth, SERDE_MAX_DEPTH } from '../json-depth.js'
import * as msg from '../messages.js'
import { buildApiRequest, splitTarget } from './request.js'
import { errorReply, toHttpReply, type HttpReply } from './response.js'
import type { RouteTable } from './routes.js'

/** Serves one request; never rejects (every failure is an HTTP reply or a log line). */
export type HttpRequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>

/** iii-http's `default_timeout`. */
export const DEFAULT_HTTP_TIMEOUT_MS = 30_000

export interface HttpTriggerOptions {
  /** Default 30000. */
  timeoutMs?: number
  /** Default MAX_REQUEST_BODY_BYTES (4 MiB), the MCP endpoint's cap. */
  maxBodyBytes?: number
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
// Framing is ours to set: a function's own length or encoding headers would corrupt the reply.
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding'])

type Parsed = Result<unknown, undefined>

/** Empty => null; bytes that are not UTF-8 JSON, or nest deeper than the engine decodes => not ok. */
export function parseBody(bytes: Buffer): Parsed {
  if (bytes.length === 0) return ok(null)
  try {
    const text = UTF8.decode(bytes)
    if (maxNestingDepth(text) > SERDE_MAX_DEPTH) return failed(undefined)
    return ok(JSON.parse(text))
  } catch {
    // Not UTF-8 JSON: the caller answers 400, as the engine's http trigger does.
    return failed(undefined)
  }
}

/** iii-http's `generate_error_id`: the low 48 bits of the epoch time in nanoseconds, in hex. */
export function errorId(): string {
  const nanos = BigInt(Date.now()) * 1_000_000n + (process.hrtime.bigint() % 1_000_000n)
  return (nanos & 0xffffffffffffn).toString(16)
}

const EMPTY_504: HttpReply = { status: 504, headers: [], body: Buffer.alloc(0) }

export function createHttpTriggerHandler(engine: Engine, routes: RouteTable, options: HttpTriggerOptions = {}): HttpRequestHandler {
  const timeoutMs = options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS
  const maxBodyBytes = options.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES
  const log = engine.log

  async function answer(req: IncomingMessage): Promise<HttpReply | undefined> {
    const method = req.method ?? 'GET'
    const { path, query } = splitTarget(req.url)
    const match = routes.match(method, path)
    if (match.kind === 'not-found') {
      log.debug({ method, path }, msg.LOG_HTTP_ROUTE_NOT_FOUND)
      return errorReply(404, msg.HTTP_NOT_FOUND)
    }
    if (match.kind === 'method-not-allowed') return { status: 405, headers: [['allow', match.allow.join(',')]], body: Buffer.alloc(0) }
    if (!isAllowedOrigin(req.headers.origin)) {
      log.warn({ origin: req.headers.origin, path }, msg.LOG_HTTP_ORIGIN_REFUSED)
      return errorReply(403, msg.HTTP_FORBIDDEN)
    }
    const read = await readRequestBody(req, maxBodyBytes)
    if (read.kind === 'aborted') return undefined
    if (read.kind === 'too-large') {
      log.warn({ path }, msg.LOG_HTTP_BODY_TOO_LARGE)
      const reply = errorReply(413, msg.httpBodyTooLarge(maxBodyBytes))
      return { ...reply, headers: [...reply.headers, ['connection', 'close']] }
    }
    const body = parseBody(read.bytes)
    if (!body.ok) return errorReply(400, msg.HTTP_BAD_JSON)
    const { route } = match
    const request = buildApiRequest(req, route, match.pathParams, query, body.value)
    try {
      return toHttpReply(await engine.call(route.functionId, request, { metadata: route.metadata, timeoutMs }))
    } catch (error) {
      const { code, message } = errorBody(error)
      if (code === msg.TIMEOUT) {
        log.error({ function_id: route.functionId, timeout_ms: timeoutMs }, msg.LOG_HTTP_HANDLER_TIMEOUT)
        return EMPTY_504
      }
      const error_id = errorId()
      log.error({ function_id: route.functionId, code, message, error_id }, msg.LOG_HTTP_HANDLER_FAILED)
      return errorReply(500, { code, message, error_id })
    }
  }

  function send(res: ServerResponse, reply: HttpReply): void {
    for (const [name, value] of reply.headers) {
      if (FRAMING_HEADERS.has(name.toLowerCase())) continue
      try {
        validateHeaderName(name)
        validateHeaderValue(name, value)
        res.appendHeader(name, value)
      } catch {
        log.warn({ header_name: name }, msg.LOG_HTTP_HEADER_SKIPPED)
      }
    }
    res.writeHead(reply.status).end(reply.body)
  }

  return async (req, res) => {
    res.on('error', (error) => log.debug({ error: String(error) }, msg.LOG_HTTP_CLIENT_ABORTED))
    let reply: HttpReply | undefined
    try {
      reply = await answer(req)
    } catch (error) {
      const error_id = errorId()
      log.error({ error: String(error), error_id }, msg.LOG_HTTP_HANDLER_FAILED)
      reply = errorReply(500, { ...msg.HTTP_INTERNAL_ERROR, error_id })
    }
    if (reply === undefined || res.destroyed || res.headersSent) return log.debug(msg.LOG_HTTP_CLIENT_ABORTED)
    send(res, reply)
  }
}

/** The wire error body behind an engine call's rejection (iii-sdk prefixes the message with the code). */
function errorBody(error: unknown): { code: string; message: string } {
  const code = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : msg.HTTP_INTERNAL_ERROR.code
  const text = error instanceof Error ? error.message : String(error)
  return { code, message: text.startsWith(`${code}: `) ? text.slice(code.length + 2) : text }
}
