/**
 * Rust's `str::trim*` use the Unicode White_Space property, which differs from JavaScript's `trim()`:
 * Rust trims U+0085 (NEL) and keeps U+FEFF (BOM); JavaScript does the opposite. Upstream trims ids,
 * descriptions and fetch URIs with Rust semantics, so the port does too. Written as loops (not a
 * `[\s]+$` regex) so a long run of inner whitespace costs linear time.
 */
const WHITE_SPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680,
  0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a,
  0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
])

// Every White_Space code point is in the BMP, so UTF-16 code units can be tested directly.
const isWhiteSpace = (text: string, i: number): boolean => WHITE_SPACE.has(text.charCodeAt(i))

export function trimStart(text: string): string {
  let start = 0
  while (start < text.length && isWhiteSpace(text, start)) start++
  return text.slice(start)
}

export function trimEnd(text: string): string {
  let end = text.length
  while (end > 0 && isWhiteSpace(text, end - 1)) end--
  return text.slice(0, end)
}

export const trim = (text: string): string => trimEnd(trimStart(text))

/**
 * `text` as a string of its own. V8 keeps a substring as a view into the string it was cut from, so
 * a title cut from a file's text and kept would keep the whole text alive; a copy lets it go.
 */
export function detached<T extends string | undefined>(text: T): T {
  return (text === undefined ? undefined : (` ${text}`).slice(1)) as T
}
