/**
 * E12.6: `resources/list` of the full profile in pages of at most 500 entries, so 10,000 skills never
 * travel in one 8 MB answer. The cursor is the next entry's offset, opaque to the client; one this
 * server did not hand out is -32602. (The change hub compares the whole list, unpaged.)
 */
import { INVALID_PARAMS, RpcError } from './jsonrpc.js'
import * as msg from './messages.js'
import { isJsonObject, type JsonObject } from '../core/index.js'

export const RESOURCES_PAGE = 500
const CURSOR_PREFIX = 'r:'

// 500 => "cjo1MDA" (base64url of "r:500")
const cursorOf = (offset: number) => Buffer.from(`${CURSOR_PREFIX}${offset}`).toString('base64url')

function offsetOf(params: unknown): number {
  const cursor = isJsonObject(params) ? params.cursor : undefined
  if (cursor === undefined || cursor === null) return 0
  const text = typeof cursor === 'string' ? Buffer.from(cursor, 'base64url').toString('utf8') : ''
  const offset = text.startsWith(CURSOR_PREFIX) ? Number(text.slice(CURSOR_PREFIX.length)) : NaN
  if (!Number.isSafeInteger(offset) || offset <= 0 || cursorOf(offset) !== cursor) throw new RpcError(INVALID_PARAMS, msg.INVALID_SKILLS_CURSOR)
  return offset
}

/** The page `params.cursor` names of the whole listing, with `nextCursor` when more follow. */
export function pageOf(listed: JsonObject, params: unknown): JsonObject {
  const offset = offsetOf(params)
  const resources = Array.isArray(listed.resources) ? listed.resources : []
  if (offset > resources.length) throw new RpcError(INVALID_PARAMS, msg.INVALID_SKILLS_CURSOR)
  const page = resources.slice(offset, offset + RESOURCES_PAGE)
  const next = offset + RESOURCES_PAGE
  return { ...listed, resources: page, ...(next < resources.length ? { nextCursor: cursorOf(next) } : {}) }
}
