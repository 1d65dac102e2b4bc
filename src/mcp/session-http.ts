/**
 * The full profile over HTTP. Requests of the 2026-07-28 revision go to modern-http.ts (no sessions).
 * The 2025-11-25 revision is MCP Streamable HTTP with sessions, one SDK v2
 * WebStandardStreamableHTTPServerTransport and one server (server-factory.ts) per session. POST `initialize` without a session opens
 * one and answers with its `Mcp-Session-Id`; every later POST, the GET SSE stream (where change
 * notifications go) and DELETE carry it. A session that has neither a request nor an open stream
 * for `idleMs` is closed, so clients that vanish without DELETE do not pile up; and (E18.6) when
 * `maxOpen` sessions are open, a new one closes the one idle longest (no request in flight, no open
 * stream) instead of being refused: 503 only when every open session is busy. An evicted session's id
 * is then unknown (404), and its client initializes again. The body cap and the browser-origin
 * guard are the same as the bridge profile's.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isInitializeRequest, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server'
import { parseJson } from './bridge-http.js'
import type { ChangeHub } from './change-hub.js'
import { failure, PARSE_ERROR, SESSION_ERROR, SESSION_NOT_FOUND } from './jsonrpc.js'
import * as msg from './messages.js'
import type { SharedContext } from './methods.js'
import { isAllowedOrigin, DEFAULT_MAX_OPEN, OpenCount, readRequestBody } from '../http/index.js'
import { MAX_REQUEST_BODY_BYTES } from '../core/index.js'
import { sendJson, sendPlain } from './replies.js'
import { createFullServer } from './server-factory.js'
import { sendWebResponse, toWebRequest } from './web-exchange.js'
import { ModernHttp } from './modern-http.js'

const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000
const MAX_SWEEP_INTERVAL_MS = 60 * 1000

interface Entry {
  transport: WebStandardStreamableHTTPServerTransport
  lastSeen: number
  openStreams: number
  /** Requests (POST, DELETE) whose answer is not finished yet. */
  inFlight: number
}

const isIdle = (entry: Entry) => entry.openStreams === 0 && entry.inFlight === 0

export class HttpSessions {
  private readonly sessions = new Map<string, Entry>()
  private readonly sweeper: NodeJS.Timeout
  private readonly sessionCap: OpenCount
  private readonly streams: OpenCount
  /** E12.2: requests of the 2026-07-28 revision, which have no session. */
  private readonly modern: ModernHttp

  constructor(
    private readonly ctx: SharedContext,
    private readonly hub: ChangeHub | undefined,
    private readonly idleMs: number = DEFAULT_SESSION_IDLE_MS,
    private readonly maxOpen: number = DEFAULT_MAX_OPEN,
  ) {
    this.sessionCap = new OpenCount(maxOpen, 'MCP sessions')
    this.streams = new OpenCount(maxOpen, 'MCP event streams')
    this.modern = new ModernHttp(ctx, hub, maxOpen)
    this.sweeper = setInterval(() => this.sweep(), Math.min(idleMs, MAX_SWEEP_INTERVAL_MS)).unref()
  }

  get size(): number {
    return this.sessions.size
  }

  async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const log = this.ctx.log
    if (!isAllowedOrigin(req.headers.origin)) {
      log.warn({ origin: req.headers.origin }, msg.LOG.originRefused)
      return sendPlain(res, 403, msg.HTTP_FORBIDDEN)
    }
    if (req.method !== 'POST' && req.method !== 'GET' && req.method !== 'DELETE') {
      return sendPlain(res, 405, msg.HTTP_METHOD_NOT_ALLOWED, { allow: 'GET, POST, DELETE' })
    }
    const sessionId = req.headers['mcp-session-id']
    let body: unknown
    if (req.method === 'POST') {
      const read = await readRequestBody(req, MAX_REQUEST_BODY_BYTES)
      if (read.kind === 'aborted') return log.debug(msg.LOG.clientAborted)
      if (read.kind === 'too-large') {
        log.warn(msg.LOG.bodyTooLarge)
        return sendPlain(res, 413, msg.HTTP_PAYLOAD_TOO_LARGE, { connection: 'close' })
      }
      const parsed = parseJson(read.bytes)
      if (!parsed.ok) return sendJson(res, 400, failure(null, PARSE_ERROR, msg.PARSE_ERROR))
      body = parsed.value
      if (await this.modern.owns(req, body)) return this.modern.serve(req, res, body)
      if (sessionId === undefined && isInitializeRequest(body)) {
        if (this.sessions.size >= this.maxOpen) this.evictIdlest()
        if (this.sessionCap.refuseWhenFull(res, this.sessions.size)) return log.warn({ sessions: this.sessions.size }, msg.LOG.sessionsFull)
        return this.open(req, res, body)
      }
    }
    if (typeof sessionId !== 'string') return sendJson(res, 400, failure(null, SESSION_ERROR, msg.SESSION_REQUIRED))
    const entry = this.sessions.get(sessionId)
    if (entry === undefined) return sendJson(res, 404, failure(null, SESSION_NOT_FOUND, msg.SESSION_NOT_FOUND))
    entry.lastSeen = Date.now()
    if (req.method === 'GET') {
      const release = this.streams.take(res)
      if (release === undefined) return log.warn({ streams: this.streams.size }, msg.LOG.streamsFull)
      entry.openStreams++
      res.once('close', () => {
        release()
        entry.openStreams--
        entry.lastSeen = Date.now()
      })
    } else {
      entry.inFlight++
      res.once('close', () => {
        entry.inFlight--
        entry.lastSeen = Date.now()
      })
    }
    await this.handle(entry.transport, req, res, body)
  }

  /** E18.6: closes the session idle longest, if any is idle; its id is forgotten at once. */
  private evictIdlest(): void {
    let idlest: [string, Entry] | undefined
    for (const pair of this.sessions) if (isIdle(pair[1]) && (idlest === undefined || pair[1].lastSeen < idlest[1].lastSeen)) idlest = pair
    if (idlest === undefined) return
    const [id, entry] = idlest
    this.sessions.delete(id)
    this.ctx.log.info({ session_id: id, idle_ms: Date.now() - entry.lastSeen }, msg.LOG.sessionEvicted)
    void entry.transport.close()
  }

  private async handle(transport: WebStandardStreamableHTTPServerTransport, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const response = await transport.handleRequest(toWebRequest(req, res), body === undefined ? {} : { parsedBody: body })
    await sendWebResponse(res, response)
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper)
    await this.modern.close()
    await Promise.all([...this.sessions.values()].map((entry) => entry.transport.close()))
    this.sessions.clear()
  }

  private async open(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const entry: Entry = { transport: undefined as never, lastSeen: Date.now(), openStreams: 0, inFlight: 0 }
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.sessions.set(id, entry)
        this.ctx.log.info({ session_id: id }, msg.LOG.sessionOpened)
      },
    })
    entry.transport = transport
    const server = await createFullServer({ ctx: this.ctx, hub: this.hub }, { era: 'legacy' })
    const closed = server.onclose
    server.onclose = () => {
      closed?.()
      const id = transport.sessionId
      if (id !== undefined && this.sessions.get(id) === entry) {
        this.sessions.delete(id)
        this.ctx.log.info({ session_id: id }, msg.LOG.sessionClosed)
      }
    }
    await server.connect(transport)
    await this.handle(transport, req, res, body)
    if (transport.sessionId === undefined) await transport.close()
  }


  private sweep(): void {
    const cutoff = Date.now() - this.idleMs
    for (const [id, entry] of this.sessions) {
      if (!isIdle(entry) || entry.lastSeen > cutoff) continue
      this.ctx.log.info({ session_id: id }, msg.LOG.sessionExpired)
      void entry.transport.close()
    }
  }
}
