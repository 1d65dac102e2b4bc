/**
 * The MCP TypeScript SDK v2 client (`@modelcontextprotocol/client`) pinned to protocol revision
 * 2026-07-28, as a client author uses it, over HTTP or stdio; with a record of every notification it
 * receives (listen streams dispatch theirs to the client's handlers).
 */
import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'

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
  const notifications: V2Notification[] = []
  const waiters = new Set<() => void>()
  client.fallbackNotificationHandler = async (notification) => {
    notifications.push({ method: notification.method, params: notification.params as Record<string, unknown> | undefined })
    for (const wake of [...waiters]) wake()
  }
  await client.connect(transport)
  const waitFor = (method: string, uri?: string, timeoutMs = 5_000) => {
    const from = notifications.length
    return new Promise<V2Notification>((resolve, reject) => {
      const check = () => {
        const found = notifications.slice(from).find((n) => n.method === method && (uri === undefined || n.params?.uri === uri))
        if (found === undefined) return
        clearTimeout(timer)
        waiters.delete(check)
        resolve(found)
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`no ${method}${uri ? ` for ${uri}` : ''} within ${timeoutMs} ms; got ${JSON.stringify(notifications.slice(from))}`))
      }, timeoutMs)
      waiters.add(check)
    })
  }
  return { client, notifications, waitFor, close: () => client.close() }
}

/** `fetch`: what the transport sends its requests through (a spy), default the global one. */
export function connectPinnedHttp(url: string, fetch?: typeof globalThis.fetch): Promise<PinnedClient> {
  return connectPinned(new StreamableHTTPClientTransport(new URL(url), fetch === undefined ? {} : { fetch }))
}

export function connectPinnedStdio(command: string, args: string[], env: Record<string, string>, cwd: string): Promise<PinnedClient> {
  return connectPinned(new StdioClientTransport({ command, args, env, cwd, stderr: 'ignore' }))
}
