/**
 * The SDK v2 HTTP entry speaks web-standard `Request`/`Response`; our listener is `node:http`, whose
 * Door (Host, Origin, token; E11) and capped body reader run first. So the request handed over carries
 * the headers only (the body goes as `parsedBody`), and its signal aborts when the client goes away;
 * the response is written back, streamed when it is an SSE stream. (`@modelcontextprotocol/node`
 * would read the body itself, past our cap, and pull in hono for these few lines.)
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

/** The request's method, URL and headers; aborted when `res` closes before it finished. */
export function toWebRequest(req: IncomingMessage, res?: ServerResponse): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else if (value !== undefined) headers.set(name, value)
  }
  const abort = new AbortController()
  res?.once('close', () => {
    if (!res.writableFinished) abort.abort()
  })
  return new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), { method: req.method, headers, signal: abort.signal })
}

/** Writes `response` to `res`, body streamed chunk by chunk until it ends or the client goes. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => (headers[name] = value))
  res.writeHead(response.status, headers)
  if (response.body === null) return void res.end()
  const reader = response.body.getReader()
  res.once('close', () => void reader.cancel().catch(() => undefined))
  res.flushHeaders()
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) res.write(chunk.value)
  } catch {
    // The stream was cancelled (the client went away) or failed; either way the exchange is over.
  }
  res.end()
}
