/**
 * Renders a string the way Rust's `{:?}` does, because upstream error texts embed values that way:
 * `a"b` => `"a\"b"`, newline => `\n`, NUL => `\0`, other control characters => `\u{1b}`.
 * Printable non-ASCII is kept as is; invisible and combining characters are escaped.
 */
export function debugString(value: string): string {
  return `"${value.replace(NEEDS_ESCAPE, escapeChar)}"`
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\0': '\\0',
}

// Rust escapes every char its `is_printable` table rejects (general categories Cc, Cf, Cs, Co, Cn,
// Zl, Zp and Zs other than the plain space: NBSP => \u{a0}) and, in string Debug output, every
// Grapheme_Extend char (combining marks, variation selectors: "e\u{301}"). One native regex pass
// over the text: a per-character loop made a multi-megabyte id cost seconds of CPU.
const NEEDS_ESCAPE = /["\\]|[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Grapheme_Extend}]|[^\P{Zs} ]/gu

function escapeChar(ch: string): string {
  return SIMPLE_ESCAPES[ch] ?? `\\u{${(ch.codePointAt(0) as number).toString(16)}}`
}
