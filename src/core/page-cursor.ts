/**
 * The cursor of a budgeted `skill::read_skill_file` (E7.4): opaque to callers and short (it is
 * quoted in `skill::fetch`'s budget line, which must stay small), it binds the next offset to the
 * skill, the file and the file's exact content, so a cursor from another file, or from before the
 * file changed, fails `Invalid cursor` instead of cutting the new text at a stale offset.
 */
import { createHash } from 'node:crypto'
import { InvalidParamsError } from './errors.js'
import { INVALID_CURSOR } from './messages.js'
import { TextMemo } from './text-memo.js'

export interface PageOf {
  name: string
  path: string
  text: string
}

const FORM = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16})$/

const stamps = new TextMemo<Map<string, string>>(8 * 1024 * 1024)

// 96 bits of SHA-256 over name, path and text: a cursor never matches another file or version by chance.
function stamp(of: PageOf): string {
  const byFile = stamps.get(of.text, () => new Map<string, string>())
  const file = `${of.name}\u0000${of.path}`
  let known = byFile.get(file)
  if (known === undefined) {
    known = createHash('sha256').update(`${file}\u0000`).update(of.text).digest('base64url').slice(0, 16)
    byFile.set(file, known)
  }
  return known
}

// offset 4242 of a file => "39u.Vb3kQ9xS2mPLa0tZ"
export function encodePageCursor(of: PageOf, offset: number): string {
  return `${offset.toString(36)}.${stamp(of)}`
}

/** The offset a cursor continues at; `Invalid cursor` unless it was made for this very file. */
export function decodePageCursor(cursor: string, of: PageOf): number {
  const match = FORM.exec(cursor)
  const offset = match === null ? NaN : parseInt(match[1]!, 36)
  if (match === null || match[2] !== stamp(of) || !(offset > 0 && offset < of.text.length)) throw new InvalidParamsError(INVALID_CURSOR)
  return offset
}
