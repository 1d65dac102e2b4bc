/**
 * MCP over stdin/stdout (newline-delimited JSON-RPC), one session for the life of the process, on
 * the SDK's StdioServerTransport. `closed` resolves when the client goes away (stdin ends or
 * closes) or the transport closes. Every request read before stdin ended is answered first (E13.8):
 * a client that pipes its requests and closes its end still gets every answer. Nothing else may
 * write to `stdout` (see stdout-guard.ts).
 */
import type { Readable, Writable } from 'node:stream'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import type { ChangeHub } from './change-hub.js'
import * as msg from './messages.js'
import { connectSdkSession, type SharedContext } from './sdk-server.js'

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

/** Keeps `inFlight` the ids of requests read and not yet answered; `answered` runs after each answer. */
function trackRequests(transport: StdioServerTransport, inFlight: Set<string | number>, answered: () => void): void {
  const deliver = transport.onmessage
  transport.onmessage = (message: JSONRPCMessage) => {
    if ('method' in message && 'id' in message) inFlight.add(message.id)
    deliver?.(message)
  }
  const send = transport.send.bind(transport)
  transport.send = async (message: JSONRPCMessage) => {
    await send(message)
    if (!('method' in message) && 'id' in message && message.id !== undefined && inFlight.delete(message.id)) answered()
  }
}

export async function startMcpStdio(options: McpStdioOptions): Promise<McpStdioServer> {
  const stdin = options.stdin ?? process.stdin
  const transport = new StdioServerTransport(stdin, options.stdout ?? process.stdout)
  let markClosed!: () => void
  const closed = new Promise<void>((resolve) => (markClosed = resolve))
  const close = async () => {
    stdin.off('end', onEnd).off('close', onEnd)
    await transport.close()
    markClosed()
  }
  const inFlight = new Set<string | number>()
  let draining: (() => void) | undefined
  const onEnd = () => {
    options.ctx.log.info({ unanswered: inFlight.size }, msg.LOG.stdioClosed)
    if (inFlight.size === 0) return void close()
    const deadline = setTimeout(() => draining?.(), DRAIN_TIMEOUT_MS)
    draining = () => {
      clearTimeout(deadline)
      draining = undefined
      void close()
    }
  }
  stdin.once('end', onEnd).once('close', onEnd)
  await connectSdkSession(options.ctx, transport, options.hub, markClosed)
  trackRequests(transport, inFlight, () => {
    if (inFlight.size === 0) draining?.()
  })
  options.ctx.log.info({ profile: options.ctx.profile }, msg.LOG.stdioStarted)
  return { closed, close }
}
