import { describe, expect, it } from 'vitest'
import { extractDescription, extractTitle, truncateChars } from '../../src/core/markdown.js'

describe('extractTitle', () => {
  it.each<[string, string, string | undefined]>([
    ['the first H1', '# my skill\n\nbody', 'my skill'],
    ['an H1 after other lines', 'intro\n\n# Later\n', 'Later'],
    ['the first of two H1s', '# first\n# second\n', 'first'],
    ['an H1 after an H2', '## sub\n# real\n', 'real'],
    ['an indented H1 (left-trimmed first)', '   # indented\n', 'indented'],
    ['a tab-indented H1', '\t# tab indented', 'tab indented'],
    ['an H1 after NEL (Rust whitespace)', '\u0085# nel', 'nel'],
    ['inner spacing kept, outer trimmed', '#   spaced   title  \n', 'spaced   title'],
    ['a CRLF line', '# crlf title\r\nbody\r\n', 'crlf title'],
    ['NBSP trimmed from the title', '# a\u00a0\n', 'a'],
    ['a BOM kept (not whitespace in Rust)', '# \ufeffa', '\ufeffa'],
    ['multibyte and astral text', '# \u65e5\u672c\u8a9e \u{1f600}\n', '\u65e5\u672c\u8a9e \u{1f600}'],
    ['a literal backslash-n body (one line)', '# parent\\nrouter\\n', 'parent\\nrouter\\n'],
    ['a bare "# " as the empty title', '# ', ''],
    ['"# " followed by whitespace only', '#    \r\nbody', ''],
    ['"# " followed by CR', '# \r', ''],
    ['no H1: an H2', '## sub\n\nbody', undefined],
    ['no H1: hash without space', '#Title\n', undefined],
    ['no H1: a lone hash', '#\n', undefined],
    ['no H1: hash mid-line', 'text # not title', undefined],
    ['no H1: tab after the hash', '#\ttitle', undefined],
    ['no H1: empty document', '', undefined],
    ['no H1: a leading BOM (Rust trim_start keeps it)', '\ufeff# Title\n', undefined],
  ])('finds %s', (_case, markdown, title) => {
    expect(extractTitle(markdown)).toBe(title)
  })
})

describe('extractDescription', () => {
  it.each<[string, string, string | undefined]>([
    ['the first paragraph', '# title\n\nfirst paragraph here.\n\nsecond paragraph.\n', 'first paragraph here.'],
    ['text after subheadings', '# title\n\n## sub\n\n### deeper\n\nfinally text.\n', 'finally text.'],
    ['a line right under the title', '# alpha-skill\nAlpha body line.', 'Alpha body line.'],
    ['paragraph lines joined by one space, each trimmed', '# t\n\nline one\n  line two  \n\tline three\n\nnext', 'line one line two line three'],
    ['a paragraph ended by a heading', '# t\nbody\n## sub\nmore', 'body'],
    ['a paragraph ended by a hashtag line', 'a\n#tag\nb', 'a'],
    ['text after a hashtag line', '#hashtag\ntext', 'text'],
    ['list items as text', '- item one\n- item two\n', '- item one - item two'],
    ['code fences as text', '```\ncode\n```\n', '``` code ```'],
    ['CRLF input', '# t\r\n\r\nfirst\r\nsecond\r\n\r\nthird', 'first second'],
    ['whitespace-only lines as blank', '# t\n \t \ntext\n\u00a0\u3000\nmore', 'text'],
    ['a BOM line as text (Rust does not trim it)', 'a\n\ufeff\nb', 'a \ufeff b'],
    ['text without any heading', 'just text', 'just text'],
    ['multibyte and astral text', '# t\n\n\u00e1\u00e9\u00ed \u{1f600}\n', '\u00e1\u00e9\u00ed \u{1f600}'],
    ['nothing for a heading-only doc', '# only a title\n', undefined],
    ['nothing for headings and blanks only', '# a\n\n## b\n   \n### c\n', undefined],
    ['nothing for an empty doc', '', undefined],
  ])('returns %s', (_case, markdown, description) => {
    expect(extractDescription(markdown)).toBe(description)
  })

  it('keeps a long first paragraph intact (D1: no truncation here)', () => {
    const body = 'x'.repeat(200)
    expect(extractDescription(`# t\n\n${body}\n`)).toBe(body)
  })
})

describe('truncateChars', () => {
  const x = (n: number) => 'x'.repeat(n)
  it.each([
    ['multibyte characters kept whole', '\u00e1\u00e9\u00ed\u00f3\u00fa'.repeat(50), 5, '\u00e1\u00e9\u00ed\u00f3\u00fa...'],
    ['a string at the limit unchanged', 'abc', 3, 'abc'],
    ['a string under the limit unchanged', 'ab', 3, 'ab'],
    ['a string one over the limit cut', 'abcd', 3, 'abc...'],
    ['the empty string unchanged', '', 0, ''],
    ['everything cut at limit 0', 'a', 0, '...'],
    ['exactly 140 unchanged', x(140), 140, x(140)],
    ['141 cut to 140', x(141), 140, `${x(140)}...`],
    ['astral characters counted as one', '\u{1f600}'.repeat(5), 3, '\u{1f600}'.repeat(3) + '...'],
    ['astral characters at the limit unchanged (6 UTF-16 units)', '\u{1f600}'.repeat(3), 3, '\u{1f600}'.repeat(3)],
    ['mixed widths', 'a\u{1f600}b\u{1f600}c', 4, 'a\u{1f600}b\u{1f600}...'],
    ['combining marks counted as code points', 'e\u0301'.repeat(3), 3, 'e\u0301e...'],
  ])('%s', (_case, input, max, output) => {
    expect(truncateChars(input, max)).toBe(output)
  })

  it('appends three ASCII periods, giving max + 3 code points', () => {
    const out = truncateChars('\u00e1\u00e9\u00ed\u00f3\u00fa'.repeat(50), 5)
    expect([...out].length).toBe(8)
    expect(out.endsWith('...')).toBe(true)
  })
})
