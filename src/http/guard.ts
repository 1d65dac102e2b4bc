/** A listener's door applied to an HTTP request: the refusal sent as plain text, and logged. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import { LOG } from '../core/index.js'
import { refusalHeaders, type Door } from './door.js'


/**
 * True when the request was refused (and answered); `door` is undefined only before listening.
 * `view`: the request is for that view's endpoint (Door.refusal).
 */
export function refusedAtDoor(door: Door | undefined, req: IncomingMessage, res: ServerResponse, log: Logger, view?: string): boolean {
  const refusal = door?.refusal(req.headers, view)
  if (refusal === undefined) return false
  log.warn({ reason: refusal.reason, host: req.headers.host, method: req.method, url: req.url?.slice(0, 200) }, LOG.doorRefused)
  res.writeHead(refusal.status, { 'content-type': 'text/plain; charset=utf-8', ...refusalHeaders(refusal) }).end(refusal.text)
  return true
}
