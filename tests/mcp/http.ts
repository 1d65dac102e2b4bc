/** Raw HTTP against the endpoint (bridge profile): what a client sees on the wire, before any SDK parsing. */
import { startMcpHttp, type McpBackend, type McpHttpServer } from '../../src/mcp/index.js'

export interface RawReply {
  status: number
  headers: Headers
  text: string
}

export async function startOnFreePort(backend: McpBackend, extra: { path?: string; serverVersion?: string } = {}): Promise<McpHttpServer> {
  return startMcpHttp({ port: 0, backend, profile: 'bridge', ...extra })
}

export async function post(url: string, body: string | Uint8Array, headers: Record<string, string> = {}): Promise<RawReply> {
  const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** POSTs one JSON-RPC message and returns the JSON of its single SSE event. */
export async function rpc(url: string, message: unknown): Promise<Record<string, unknown>> {
  const reply = await post(url, JSON.stringify(message))
  return eventData(reply)
}

export function eventData(reply: RawReply): Record<string, unknown> {
  const match = /^event: message\ndata: ([^\n]*)\n\n$/.exec(reply.text)
  if (reply.status !== 200 || !match) throw new Error(`not one SSE event (HTTP ${reply.status}): ${JSON.stringify(reply.text)}`)
  return JSON.parse(match[1]!) as Record<string, unknown>
}

export function request(method: string, params?: unknown, id: string | number = 1): Record<string, unknown> {
  return params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params }
}
