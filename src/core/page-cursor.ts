/**
 * The cursor of a budgeted `skill::read_skill_file` (E7.4): opaque to callers, it binds the next
 * offset to the skill, the file and the file's exact content, so a cursor from another file, or
 * from before the file changed, fails `Invalid cursor` instead of cutting the new text at a stale
 * offset.
 */
import { createHash } from 'node:crypto'
import { InvalidParamsError } from './errors.js'
import { INVALID_CURSOR } from './messages.js'

export interface PageOf {
  name: string
  path: string
  text: string
}

const version = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22)

export function encodePageCursor(of: PageOf, offset: number): string {
  return Buffer.from(JSON.stringify([of.name, of.path, version(of.text), offset])).toString('base64url')
}

/** The offset a cursor continues at; `Invalid cursor` unless it was made for this very file. */
export function decodePageCursor(cursor: string, of: PageOf): number {
  let parts: unknown
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw new InvalidParamsError(INVALID_CURSOR)
  }
  if (!Array.isArray(parts) || parts.length !== 4) throw new InvalidParamsError(INVALID_CURSOR)
  const [name, path, digest, offset] = parts as unknown[]
  if (name !== of.name || path !== of.path || digest !== version(of.text)) throw new InvalidParamsError(INVALID_CURSOR)
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset <= 0 || offset >= of.text.length) {
    throw new InvalidParamsError(INVALID_CURSOR)
  }
  return offset
}
