/**
 * The keyset cursor of `skill::list_skills` (E2): the last name a page returned and the namespace
 * the walk is filtered by, as base64url JSON with a marker. The next page starts after that name,
 * so entries added or removed between pages never shift the rest: an entry present during the whole
 * walk comes back exactly once. Opaque to clients; anything that is not ours, or was made for
 * another namespace, is refused naming the field.
 */
import { InvalidParamsError } from './errors.js'
import { isJsonObject } from './json-object.js'
import * as msg from './messages.js'

const MARKER = 'iii-skills/list_skills/v1'
/** Names are ids of at most 1024 bytes; a cursor far longer than any we make is not ours. */
const MAX_CURSOR_LENGTH = 8192

export function encodeListCursor(after: string, namespace: string | undefined): string {
  return Buffer.from(JSON.stringify({ m: MARKER, after, ns: namespace ?? null }), 'utf8').toString('base64url')
}

/** The name to start after; throws the `cursor` field error for a foreign or mismatched cursor. */
export function decodeListCursor(cursor: string, namespace: string | undefined): string {
  const decoded = parse(cursor)
  if (decoded === undefined) throw new InvalidParamsError(msg.invalidFieldValue('cursor', msg.CURSOR_FOREIGN))
  if (decoded.ns !== (namespace ?? null)) throw new InvalidParamsError(msg.invalidFieldValue('cursor', msg.CURSOR_OTHER_NAMESPACE))
  return decoded.after
}

function parse(cursor: string): { after: string; ns: string | null } | undefined {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    // Not a cursor we wrote: the caller answers the contract's invalid-cursor error.
    return undefined
  }
  if (!isJsonObject(value) || value.m !== MARKER || typeof value.after !== 'string') return undefined
  if (value.ns !== null && typeof value.ns !== 'string') return undefined
  return { after: value.after, ns: value.ns }
}
