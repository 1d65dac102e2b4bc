/**
 * Renders a string the way Rust's `{:?}` does, because upstream error texts embed values that way:
 * `a"b` => `"a\"b"`, newline => `\n`, NUL => `\0`, other control characters => `\u{1b}`.
 * Printable non-ASCII is kept as is.
 */
export function debugString(value: string): string {
  let out = '"'
  for (const ch of value) {
    const cp = ch.codePointAt(0) as number
    switch (ch) {
      case '"': out += '\\"'; break
      case '\\': out += '\\\\'; break
      case '\n': out += '\\n'; break
      case '\r': out += '\\r'; break
      case '\t': out += '\\t'; break
      case '\0': out += '\\0'; break
      default:
        out += isEscapedControl(cp) ? `\\u{${cp.toString(16)}}` : ch
    }
  }
  return out + '"'
}

// Rust escapes every char its `is_printable` table rejects: the control ranges (C0, DEL, C1) and the
// invisible format characters people actually paste (soft hyphen, zero-width and bidi marks, BOM).
const FORMAT_CHARS: ReadonlyArray<readonly [number, number]> = [
  [0xad, 0xad], [0x200b, 0x200f], [0x2028, 0x202e], [0x2060, 0x2064], [0x2066, 0x206f], [0xfeff, 0xfeff],
]

function isEscapedControl(cp: number): boolean {
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return true
  return FORMAT_CHARS.some(([lo, hi]) => cp >= lo && cp <= hi)
}
