/**
 * MCP over stdin/stdout (newline-delimited JSON-RPC), one connection for the life of the process.
 * The full profile is the SDK v2's `serveStdio`: the client's opening picks the revision —
 * `initialize` pins 2025-11-25 (one session, as before), `server/discover` or a request carrying the
 * `_meta` envelope pins 2026-07-28 (E12.2). The bridge profile is one SDK v2 server whose table answers
 * `initialize` as v0.5.8 does.
 * `closed` resolves when the client goes away (stdin ends or closes) or the transport closes. Every
 * request read before stdin ended is answered first (E13.8): a client that pipes its requests and
 * closes its end still gets every answer. Nothing else may write to `stdout` (see stdout-guard.ts).
 */
import type { Readable, Writable } from 'node:stream'
import { serveStdio } from '@modelcontextprotocol/server/stdio'
import { createBridgeServer } from './bridge-server.js'
import type { ChangeHub } from './change-hub.js'
import * as msg from './messages.js'
import type { SharedContext } from './methods.js'
import { createFullServer } from './server-factory.js'
import type { McpSession } from './session.js'
import { DrainingStdioTransport, type ListenWatcher } from './stdio-draining-transport.js'

interface McpStdioOptions {
  ctx: SharedContext
  hub?: ChangeHub
  stdin?: Readable
  stdout?: Writable
}

export interface McpStdioServer {
  /** Resolves once the client has gone (stdin ended) or the server was closed. */
  closed: Promise<void>
  close(): Promise<void>
}

/** How long answers still owed when stdin ends may take before the process stops waiting for them. */
const DRAIN_TIMEOUT_MS = 30_000

export async function startMcpStdio(options: McpStdioOptions): Promise<McpStdioServer> {
  const server = options.ctx.profile === 'full' ? serveFull(options) : await serveBridge(options)
  options.ctx.log.info({ profile: options.ctx.profile }, msg.LOG.stdioStarted)
  return server
}

/** The connection's listen requests, as resource subscriptions of its session (2026-07-28). */
function listenSubscriptions(current: () => McpSession | undefined): ListenWatcher {
  const listens = new Map<string | number, string[]>()
  return {
    listening(id, uris) {
      listens.set(id, uris)
      for (const uri of uris) void current()?.subscribe(uri)
    },
    cancelled(id) {
      const uris = listens.get(id) ?? []
      listens.delete(id)
      const held = new Set([...listens.values()].flat())
      for (const uri of uris) if (!held.has(uri)) current()?.unsubscribe(uri)
    },
  }
}

/** `ended` is told how many requests were unanswered when stdin ended. */
function serveFull(options: McpStdioOptions, ended = stdinClosedLine(options.ctx)): McpStdioServer {
  const { ctx } = options
  let session: McpSession | undefined
  const transport = new DrainingStdioTransport(
    options.stdin ?? process.stdin,
    options.stdout ?? process.stdout,
    DRAIN_TIMEOUT_MS,
    ended,
    listenSubscriptions(() => session),
  )
  const handle = serveStdio(
    (request) => createFullServer({
      ctx,
      hub: options.hub,
      connection: { onSession: (s) => (session = s) },
    }, request),
    { transport, onerror: (error) => ctx.log.debug({ error: String(error) }, msg.LOG.transportError) },
  )
  return { closed: transport.closed, close: () => handle.close() }
}

function stdinClosedLine(ctx: SharedContext): (unanswered: number) => void {
  return (unanswered) => ctx.log.info({ unanswered }, msg.LOG.stdioClosed)
}

async function serveBridge(options: McpStdioOptions): Promise<McpStdioServer> {
  const { ctx } = options
  const transport = new DrainingStdioTransport(
    options.stdin ?? process.stdin,
    options.stdout ?? process.stdout,
    DRAIN_TIMEOUT_MS,
    stdinClosedLine(ctx),
  )
  const server = createBridgeServer(ctx)
  await server.connect(transport)
  return { closed: transport.closed, close: () => server.close() }
}
