import { describe, expect, it } from 'vitest'
import { debugString } from '../../src/core/rust-debug.js'

describe('debugString (Rust {:?} of a str)', () => {
  it.each([
    ['plain ASCII', 'abc', '"abc"'],
    ['the empty string', '', '""'],
    ['a double quote', 'a"b', '"a\\"b"'],
    ['a single quote (not escaped in strings)', "it's", `"it's"`],
    ['a backslash', 'a\\b', '"a\\\\b"'],
    ['newline, CR, tab', '\n\r\t', '"\\n\\r\\t"'],
    ['NUL', 'a\0b', '"a\\0b"'],
    ['other C0 controls as unpadded lowercase hex', '\u0001\u001b\u001f', '"\\u{1}\\u{1b}\\u{1f}"'],
    ['DEL and C1 controls', '\u007f\u0085\u009f', '"\\u{7f}\\u{85}\\u{9f}"'],
    ['printable non-ASCII kept', 'caf\u00e9 \u65e5\u672c \u{1f600}', '"caf\u00e9 \u65e5\u672c \u{1f600}"'],
    ['the plain space kept', 'a b', '"a b"'],
    ['NBSP and other space separators', '\u00a0\u2003\u3000', '"\\u{a0}\\u{2003}\\u{3000}"'],
    ['line and paragraph separators', '\u2028\u2029', '"\\u{2028}\\u{2029}"'],
    ['format characters (soft hyphen, ZWSP, ZWJ, RLO, BOM, Arabic letter mark)', '\u00ad\u200b\u200d\u202e\ufeff\u061c', '"\\u{ad}\\u{200b}\\u{200d}\\u{202e}\\u{feff}\\u{61c}"'],
    ['combining marks (Grapheme_Extend)', 'e\u0301', '"e\\u{301}"'],
    ['an emoji variation selector', '\u2764\ufe0f', '"\u2764\\u{fe0f}"'],
    ['private use characters', '\ue000\u{f0000}', '"\\u{e000}\\u{f0000}"'],
    ['unassigned code points', '\u0378\u{e0080}', '"\\u{378}\\u{e0080}"'],
    ['a language tag character', '\u{e0001}', '"\\u{e0001}"'],
    ['a lone surrogate', '\ud800', '"\\u{d800}"'],
  ])('renders %s', (_case, input, output) => {
    expect(debugString(input)).toBe(output)
  })

  it('equals JSON.stringify for printable ASCII', () => {
    const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('')
    expect(debugString(printable)).toBe(JSON.stringify(printable))
  })
})
