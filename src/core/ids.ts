/**
 * Skill id, prompt name and prompt argument validators (§1.2). Each returns the first failure's
 * message, or undefined when the value is valid; `check()` from errors.ts turns that into a throw.
 * Lengths count UTF-8 bytes, as upstream does (even where the text says "chars").
 */
import * as msg from './messages.js'
import { trim } from './text.js'

const MAX_ID_BYTES = 1024
export const MAX_SEGMENT_BYTES = 64
const MAX_NAME_BYTES = 64
const SEGMENT_CHARS = /^[a-z0-9_-]+$/

export function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8')
}

// Fast path for the common case (ASCII, so bytes = length): no byte count needed.
const VALID_SEGMENT = /^[a-z0-9_-]{1,64}$/

export function validateIdSegment(segment: string): string | undefined {
  if (VALID_SEGMENT.test(segment)) return undefined
  if (segment === '') return msg.SEGMENT_EMPTY
  const len = utf8Length(segment)
  if (len > MAX_SEGMENT_BYTES) return msg.segmentTooLong(len, segment)
  if (!SEGMENT_CHARS.test(segment)) return msg.segmentChars(segment)
  return undefined
}

export function validateId(id: string): string | undefined {
  if (id === '') return msg.ID_EMPTY
  if (id.startsWith('/') || id.endsWith('/')) return msg.idLeadingOrTrailingSlash(id)
  const len = utf8Length(id)
  if (len > MAX_ID_BYTES) return msg.idTooLong(len, id)
  const segments = id.split('/')
  for (const [i, segment] of segments.entries()) {
    const reason = validateIdSegment(segment)
    if (reason !== undefined) return msg.idSegmentInvalid(i + 1, id, reason)
  }
  if (segments[0] === 'fn') return msg.idReservedFn(id)
  return undefined
}

export function validateName(name: string): string | undefined {
  if (name === '') return msg.NAME_EMPTY
  const len = utf8Length(name)
  if (len > MAX_NAME_BYTES) return msg.nameTooLong(len)
  if (!SEGMENT_CHARS.test(name)) return msg.nameChars(name)
  return undefined
}

export function validateArguments(args: ReadonlyArray<{ name: string }>): string | undefined {
  const seen = new Set<string>()
  for (const { name } of args) {
    if (trim(name) === '') return msg.ARGUMENT_NAME_EMPTY
    if (seen.has(name)) return msg.duplicateArgumentName(name)
    seen.add(name)
  }
  return undefined
}

/**
 * Byte-wise (UTF-8) ascending order, as Rust sorts `String`s, without encoding either string: UTF-8
 * byte order is code point order, which UTF-16 unit order matches except that surrogates
 * (U+D800–DFFF, astral characters) must sort after U+E000–FFFF. Sorting 10,000 ids calls this
 * ~130,000 times, so it allocates nothing.
 */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i)
    const y = b.charCodeAt(i)
    if (x !== y) return codePointRank(x) - codePointRank(y)
  }
  return a.length - b.length
}

// 0xE000 => 0xD800; 0xD800 => 0xF800: surrogates move above the rest of the BMP.
function codePointRank(unit: number): number {
  if (unit < 0xd800) return unit
  return unit < 0xe000 ? unit + 0x2000 : unit - 0x800
}

/**
 * E13.3: a folder name as an id segment. "ComposioHQ-awesome-claude-skills" => "composiohq-awesome-claude-skills",
 * "My Skills (v2)" => "my-skills-v2"; a valid segment is kept as it is; "" when nothing is left.
 */
export function folderSegment(name: string): string {
  if (validateIdSegment(name) === undefined) return name
  return name.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '')
}
