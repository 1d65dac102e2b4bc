/**
 * The MCP TypeScript SDK v2 client (`@modelcontextprotocol/client`) pinned to protocol revision
 * 2026-07-28, as a client author uses it, over HTTP or stdio; with a record of every notification it
 * receives (listen streams dispatch theirs to the client's handlers).
 */
import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { recordNotifications } from './mcp-notifications.js'

export const MODERN = '2026-07-28'

export interface V2Notification {
  method: string
  params?: Record<string, unknown>
}

export interface PinnedClient {
  client: Client
  notifications: V2Notification[]
  /** The first notification of `method` (and of `uri`, for resources/updated) since the call, or a timeout. */
  waitFor(method: string, uri?: string, timeoutMs?: number): Promise<V2Notification>
  close(): Promise<void>
}

async function connectPinned(transport: Transport): Promise<PinnedClient> {
  const client = new Client({ name: 'e12-pinned', version: '1.0.0' }, { versionNegotiation: { mode: { pin: MODERN } } })
  const log = recordNotifications(client)
  await client.connect(transport)
  const waitFor = (method: string, uri?: string, timeoutMs = 5_000) => log.waitFor(method, { uri, since: performance.now(), timeoutMs })
  return { client, notifications: log.all, waitFor, close: () => client.close() }
}

/** `fetch`: what the transport sends its requests through (a spy), default the global one. */
export function connectPinnedHttp(url: string, fetch?: typeof globalThis.fetch): Promise<PinnedClient> {
  return connectPinned(new StreamableHTTPClientTransport(new URL(url), fetch === undefined ? {} : { fetch }))
}

export function connectPinnedStdio(command: string, args: string[], env: Record<string, string>, cwd: string): Promise<PinnedClient> {
  return connectPinned(new StdioClientTransport({ command, args, env, cwd, stderr: 'ignore' }))
}
