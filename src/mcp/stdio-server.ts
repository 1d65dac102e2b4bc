/**
 * MCP over stdin/stdout (newline-delimited JSON-RPC), one session for the life of the process, on
 * the SDK's StdioServerTransport. `closed` resolves when the client goes away (stdin ends or
 * closes) or the transport closes. Nothing else may write to `stdout` (see stdout-guard.ts).
 */
import type { Readable, Writable } from 'node:stream'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
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
  const onEnd = () => {
    options.ctx.log.info(msg.LOG.stdioClosed)
    void close()
  }
  stdin.once('end', onEnd).once('close', onEnd)
  await connectSdkSession(options.ctx, transport, options.hub, markClosed)
  options.ctx.log.info({ profile: options.ctx.profile }, msg.LOG.stdioStarted)
  return { closed, close }
}
