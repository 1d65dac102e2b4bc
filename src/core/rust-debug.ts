/**
 * Renders a string the way Rust's `{:?}` does, because upstream error texts embed values that way:
 * `a"b` => `"a\"b"`, newline => `\n`, NUL => `\0`, other control characters => `\u{1b}`.
 * Printable non-ASCII is kept as is; invisible and combining characters are escaped.
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

// Rust escapes every char its `is_printable` table rejects (general categories Cc, Cf, Cs, Co, Cn,
// Zl, Zp and Zs other than the plain space: NBSP => \u{a0}) and, in string Debug output, every
// Grapheme_Extend char (combining marks, variation selectors: "e\u{301}").
const ESCAPED = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}\p{Grapheme_Extend}]/u

function isEscapedControl(cp: number): boolean {
  return cp !== 0x20 && ESCAPED.test(String.fromCodePoint(cp))
}
