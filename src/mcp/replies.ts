/**
 * What goes on the wire (bridge §1.8): a JSON-RPC response is HTTP 200 with one SSE event
 * `event: message\ndata: <compact JSON>\n\n` (JSON-RPC errors included), a notification is 202
 * with the same headers and no body. Replies outside JSON-RPC (404, 405, 413, and 400 for a
 * body that is not JSON, which the engine rejects before the bridge sees it) are plain HTTP.
 */
import type { ServerResponse } from 'node:http'
import { failure, INTERNAL_ERROR, type RpcResponse } from './jsonrpc.js'

const SSE_HEADERS = Object.freeze({
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
})

// {"jsonrpc":"2.0","id":1,"result":{}} => "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n"
function sseEvent(response: RpcResponse): string {
  return `event: message\ndata: ${serialise(response)}\n\n`
}

export function sendEvent(res: ServerResponse, response: RpcResponse): void {
  res.writeHead(200, SSE_HEADERS).end(sseEvent(response))
}

export function sendAccepted(res: ServerResponse): void {
  res.writeHead(202, SSE_HEADERS).end()
}

export function sendJson(res: ServerResponse, status: number, response: RpcResponse): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(serialise(response))
}

export function sendPlain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers }).end(text)
}

/** A result that cannot be serialised (a cycle, a BigInt) still answers its request, as -32603. */
function serialise(response: RpcResponse): string {
  try {
    return JSON.stringify(response)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return JSON.stringify(failure(response.id, INTERNAL_ERROR, message))
  }
}
