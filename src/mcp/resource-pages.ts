/**
 * E12.6: `resources/list` of the full profile in pages of at most 500 entries, so 10,000 skills never
 * travel in one 8 MB answer. The listing is the worker's `iii://` resources, then the Skills
 * Extension's `SKILL.md` entries, and each page asks the worker for that page only: the `iii://` part
 * by offset (`skills::mcp-resources-list` {offset, limit}), the `SKILL.md` part after the last URI
 * served (`skills::sep-list` {after, limit}). The cursor says which ("r:<offset>" or
 * "s:<last skill:// URI>", base64url), opaque to the client; one this server did not hand out is
 * -32602. A worker that answers the whole `iii://` list (no `total`) is paged here. (The change hub
 * reads the pages as a client does.)
 */
import { INVALID_PARAMS, RpcError } from './jsonrpc.js'
import * as msg from './messages.js'
import { isJsonObject, SKILL_URI_PREFIX, type JsonObject } from '../core/index.js'

export const RESOURCES_PAGE = 500
const CURSOR_PREFIX = 'r:'
const SKILL_MD_PREFIX = 's:'

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
  return { ...listed, ...pageAt(resources.slice(offset, offset + RESOURCES_PAGE), offset, resources.length) }
}

/** `page`, the entries of a `total`-long listing from `offset` on, with `nextCursor` when more follow. */
function pageAt(page: unknown[], offset: number, total: number): { resources: unknown[]; nextCursor?: string } {
  if (offset > total) throw new RpcError(INVALID_PARAMS, msg.INVALID_SKILLS_CURSOR)
  const next = offset + page.length
  return next < total ? { resources: page, nextCursor: cursorOf(next) } : { resources: page }
}

/** One page of the `iii://` resources: the entries from `offset` on and, when the worker pages, the total. */
export type IiiPart = (offset: number, limit: number) => Promise<{ resources: unknown[]; total?: number; rest: JsonObject }>
/** Up to `limit` `SKILL.md` entries after the URI `after` (from the first when undefined), and whether more follow. */
export type SkillMdPart = (after: string | undefined, limit: number) => Promise<{ resources: JsonObject[]; more: boolean }>

type Position = { part: 'iii'; offset: number } | { part: 'skill-md'; after: string | undefined }

const skillMdCursorOf = (after: string) => Buffer.from(`${SKILL_MD_PREFIX}${after}`).toString('base64url')


function positionOf(params: unknown): Position {
  const cursor = isJsonObject(params) ? params.cursor : undefined
  if (typeof cursor === 'string') {
    const text = Buffer.from(cursor, 'base64url').toString('utf8')
    if (text.startsWith(SKILL_MD_PREFIX) && skillMdCursorOf(text.slice(SKILL_MD_PREFIX.length)) === cursor) {
      const after = text.slice(SKILL_MD_PREFIX.length)
      if (after === '' || after.startsWith(SKILL_URI_PREFIX)) return { part: 'skill-md', after: after === '' ? undefined : after }
    }
  }
  return { part: 'iii', offset: offsetOf(params) }
}

/**
 * Where the `iii://` part of the listing ended when last read (its `total`), kept by the front: a page
 * that should reach that end asks for the first `SKILL.md` entries at the same time as for its `iii://`
 * ones, instead of after them (one call through the engine less; at 17 skills every listing is that one
 * page). Only a guess: what the `SKILL.md` answer holds beyond the room the `iii://` part leaves is cut,
 * and a wrong guess costs one call whose answer is dropped.
 */
export interface ListingHint {
  iiiTotal?: number
}

/** The page `params.cursor` names, read part by part from the worker, with `nextCursor` when more follow. */
export async function pagedResourceList(params: unknown, iii: IiiPart, skillMds: SkillMdPart, hint: ListingHint = {}): Promise<JsonObject> {
  const position = positionOf(params)
  let rest: JsonObject = {}
  const resources: unknown[] = []
  let after: string | undefined
  let ahead: ReturnType<SkillMdPart> | undefined
  if (position.part === 'iii') {
    if (hint.iiiTotal !== undefined && position.offset + RESOURCES_PAGE > hint.iiiTotal) {
      ahead = skillMds(undefined, RESOURCES_PAGE)
      ahead.catch(() => undefined) // awaited below unless the iii part fills the page after all
    }
    const answer = await iii(position.offset, RESOURCES_PAGE)
    rest = answer.rest
    if (answer.total !== undefined) hint.iiiTotal = answer.total
    // A worker that answers the whole list is paged here, as one that pages would have.
    const page = answer.total === undefined ? pageOf({ resources: answer.resources }, params) : pageAt(answer.resources, position.offset, answer.total)
    if (page.nextCursor !== undefined) return { ...rest, ...page }
    resources.push(...(page.resources as unknown[]))
  } else after = position.after
  const room = RESOURCES_PAGE - resources.length
  if (room === 0) {
    const peek = await (ahead ?? skillMds(after, 1))
    return peek.resources.length > 0 ? { ...rest, resources, nextCursor: skillMdCursorOf(after ?? '') } : { ...rest, resources }
  }
  const part = await (ahead ?? skillMds(after, room))
  const taken = part.resources.length > room ? part.resources.slice(0, room) : part.resources
  resources.push(...taken)
  const last = taken.at(-1)?.uri
  const more = part.more || part.resources.length > room
  return more && typeof last === 'string' ? { ...rest, resources, nextCursor: skillMdCursorOf(last) } : { ...rest, resources }
}
