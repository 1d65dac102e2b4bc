/**
 * The bridge profile's HTTP framing, byte for byte the iii engine's HTTP trigger plus the `mcp`
 * worker v0.5.8 (bridge §1.2, §1.8): POST only (GET is 405 so SDK clients don't report a
 * missing SSE stream), stateless, one SSE `message` event per request, 202 for notifications.
 * Hand-written because the SDK's transport cannot reproduce it (it requires sessions or answers
 * sessionless requests with its own status codes and texts). Bodies are capped (413) and browser
 * requests from foreign origins refused (403), neither of which the engine-fronted bridge does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { classifyFrame, failure, PARSE_ERROR } from './jsonrpc.js'
import * as msg from './messages.js'
import { answerRequest, type MethodContext } from './methods.js'
import { isAllowedOrigin, readRequestBody } from '../http/index.js'
import { failed, MAX_REQUEST_BODY_BYTES, ok, type Result } from '../core/index.js'
import { sendAccepted, sendEvent, sendJson, sendPlain } from './replies.js'

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

export async function serveBridge(req: IncomingMessage, res: ServerResponse, ctx: MethodContext): Promise<void> {
  if (req.method !== 'POST') return sendPlain(res, 405, msg.HTTP_METHOD_NOT_ALLOWED, { allow: 'POST' })
  if (!isAllowedOrigin(req.headers.origin)) {
    ctx.log.warn({ origin: req.headers.origin }, msg.LOG.originRefused)
    return sendPlain(res, 403, msg.HTTP_FORBIDDEN)
  }
  const body = await readRequestBody(req, MAX_REQUEST_BODY_BYTES)
  if (body.kind === 'aborted') return ctx.log.debug(msg.LOG.clientAborted)
  if (body.kind === 'too-large') {
    ctx.log.warn(msg.LOG.bodyTooLarge)
    return sendPlain(res, 413, msg.HTTP_PAYLOAD_TOO_LARGE, { connection: 'close' })
  }
  const parsed = parseJson(body.bytes)
  if (!parsed.ok) return sendJson(res, 400, failure(null, PARSE_ERROR, msg.PARSE_ERROR))
  const frame = classifyFrame(parsed.value)
  if (frame.kind === 'notification') return sendAccepted(res)
  const response = frame.kind === 'reply' ? frame.response : await answerRequest(frame.id, frame.method, frame.params, ctx)
  if (res.destroyed) return ctx.log.debug({ id: response.id }, msg.LOG.clientAborted)
  sendEvent(res, response)
}

/** An empty body reads as `null` (then -32600); bytes that are not UTF-8 JSON are a parse error. */
export function parseJson(bytes: Buffer): Result<unknown, undefined> {
  if (bytes.length === 0) return ok(null)
  try {
    return ok(JSON.parse(UTF8.decode(bytes)))
  } catch {
    // Not UTF-8 JSON: the caller answers the JSON-RPC parse error.
    return failed(undefined)
  }
}
