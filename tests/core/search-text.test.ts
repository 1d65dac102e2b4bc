import { describe, expect, it } from 'vitest'
import { plainText, snippet, SNIPPET_MAX_CHARS, subheadings } from '../../src/core/search-text.js'
import { searchWords, STOP_WORDS } from '../../src/core/search-terms.js'
import { inSubtree, subtreeProblem, subtreeRoot } from '../../src/core/subtree.js'

describe('searchWords', () => {
  it.each<[string, string[]]>([
    ['acme/billing-refunds', ['acme', 'billing', 'refunds']],
    ['Use `state::get` (not *set*)!', ['Use', 'state', 'get', 'not', 'set']],
    ['snake_case and C++', ['snake', 'case', 'and', 'C']],
    ['caf\u00e9 na\u0308ive \u65e5\u672c 42', ['caf\u00e9', 'na\u0308ive', '\u65e5\u672c', '42']],
    ['  ', []],
  ])('splits %j into %j', (text, words) => {
    expect(searchWords(text)).toEqual(words)
  })

  it('has the stop words in lower case only', () => {
    expect([...STOP_WORDS].every((word) => word === word.toLowerCase())).toBe(true)
    expect(STOP_WORDS.has('the')).toBe(true)
    expect(STOP_WORDS.has('refund')).toBe(false)
  })
})

describe('subheadings', () => {
  it('lists H2 to H6 headings in order, without markers or closing hashes', () => {
    const body = '# Title\n\n## Setup\ntext\n### Deep dive ##\n#### \n###### Six\n####### seven\n#NoSpace\n'
    expect(subheadings(body)).toEqual(['Setup', 'Deep dive', 'Six'])
  })

  it('skips headings inside fenced code and handles CRLF and indentation up to three spaces', () => {
    const body = '## Before\r\n```sh\n## not a heading\n```\n   ## Indented\n    ## code block\n~~~\n## hidden\n~~~\n## After\n'
    expect(subheadings(body)).toEqual(['Before', 'Indented', 'After'])
  })
})

describe('plainText', () => {
  it.each<[string, string, string]>([
    ['heading markers and closing hashes', '# Title #\n\n## Sub\n', 'Title Sub'],
    ['links and images keep their text', 'See [the docs](https://x.io/a) and ![a chart](c.png) or [ref][1].', 'See the docs and a chart or ref.'],
    ['autolinks keep the address, HTML tags go', 'Mail <mailto:a@b.io> or <b>bold</b> <br/>here', 'Mail mailto:a@b.io or bold here'],
    ['code ticks, emphasis and strike-through go; snake_case stays', 'Call `state::get` with **care**, _always_, ~~never~~ a state_timeout_ms.', 'Call state::get with care, always, never a state_timeout_ms.'],
    ['a lone star between spaces stays', '2 * 3 = 6', '2 * 3 = 6'],
    ['quotes and list bullets go', '> quoted\n> > nested\n- one\n* two\n+ three\n12. twelve\n3) three', 'quoted nested one two three twelve three'],
    ['thematic breaks, setext underlines and table rules go; pipes become spaces', 'A\n===\n---\n| a | b |\n|---|:-:|\n| 1 | 2 |\n***', 'A a b 1 2'],
    ['fenced code is kept verbatim without its fences', 'Run:\n```sh\nnpm **run** `x`\n```\nDone.', 'Run: npm **run** `x` Done.'],
    ['whitespace runs collapse to one space', '  a\t\tb\n\n\nc  \r\n', 'a b c'],
    ['an empty body', '', ''],
  ])('%s', (_case, markdown, text) => {
    expect(plainText(markdown)).toBe(text)
  })
})

describe('snippet', () => {
  const words = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `w${String(from + i).padStart(3, '0')}`).join(' ')

  it('returns text of at most 160 code points whole', () => {
    const text = 'x'.repeat(SNIPPET_MAX_CHARS)
    expect(snippet(text, new Set(['nothing']))).toBe(text)
  })

  it('starts at the text when nothing matches, cut at a word with an ellipsis', () => {
    // 50 words of 4 characters plus spaces: 249 characters; 32 words take 159, the ellipsis the 160th.
    const text = words(50)
    const expected = `${words(32)}\u2026`
    expect(expected.length).toBe(160)
    expect(snippet(text, new Set())).toBe(expected)
  })

  it('keeps at most 40 characters before the best match, starting at a word', () => {
    const text = words(100)
    // w060 starts at offset 300; the first word starting at or after 260 is w052. After the leading
    // ellipsis 158 characters remain for text: 31 words (154), since a 32nd would end at 159.
    const result = snippet(text, new Set(['w060']))
    expect(result).toBe(`\u2026${words(31, 52)}\u2026`)
    expect(Array.from(result).length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS)
  })

  it('starts at the text when the best match is within 40 characters of it', () => {
    expect(snippet(words(100), new Set(['w007']))).toBe(`${words(32)}\u2026`)
  })

  it('ends without an ellipsis when the rest of the text fits', () => {
    const text = words(60)
    // w050 at 250: start at w042 (210); 89 characters remain after the leading ellipsis.
    expect(snippet(text, new Set(['w050']))).toBe(`\u2026${words(18, 42)}`)
  })

  it('prefers the match with the most distinct query words nearby over the first match', () => {
    const filler = words(40, 100)
    const text = `refund once. ${filler} then refund the invoice here. ${filler}`
    const result = snippet(text, new Set(['refund', 'invoice']))
    expect(result.startsWith('\u2026')).toBe(true)
    expect(result).toContain('then refund the invoice here.')
  })

  it('counts code points, never splitting a surrogate pair', () => {
    const text = '\u{1f600}'.repeat(200)
    const result = snippet(text, new Set())
    expect(result).toBe(`${'\u{1f600}'.repeat(159)}\u2026`)
    expect(Array.from(result).length).toBe(SNIPPET_MAX_CHARS)
  })

  it('finds the match by code point offset after astral characters', () => {
    const text = `${'\u{1f600} '.repeat(60)}target ${words(40)}`
    // target is at code point 120; the snippet starts at the first word at or after 80: the text has
    // no word there before target, so it starts at target itself.
    expect(snippet(text, new Set(['target']))).toBe(`\u2026target ${words(30)}\u2026`)
  })

  it('matches whole words only, in any case', () => {
    // "refunds" and "prerefund" are other words; "REFUND" is the word.
    const text = `refunds prerefund ${words(30)} REFUND ${words(30, 100)}`
    expect(snippet(text, new Set(['refund']))).toBe(`\u2026${words(8, 22)} REFUND ${words(22, 100)}\u2026`)
  })

  it('treats astral letters as word characters when finding whole words', () => {
    // "\u{1d49c}refund" is one word (a mathematical script letter, then refund), so it does not match.
    const text = `\u{1d49c}refund ${words(40)} refund ${words(30, 100)}`
    expect(snippet(text, new Set(['refund']))).toBe(`\u2026${words(8, 32)} refund ${words(22, 100)}\u2026`)
  })

  it('finds matches word by word when lower-casing changes the text length (U+0130)', () => {
    const text = `\u0130stanbul ${words(40)} refund ${words(30, 100)}`
    expect(snippet(text, new Set(['refund']))).toBe(`\u2026${words(8, 32)} refund ${words(22, 100)}\u2026`)
  })

  it('cuts a single word longer than the room mid-word', () => {
    expect(snippet('a'.repeat(300), new Set())).toBe(`${'a'.repeat(159)}\u2026`)
  })
})

describe('subtree', () => {
  it.each<[string, string]>([['acme', 'acme'], ['acme/', 'acme'], ['acme/billing/', 'acme/billing'], ['acme//', 'acme/']])(
    'root of %j is %j', (under, root) => {
      expect(subtreeRoot(under)).toBe(root)
    },
  )

  it.each<[string, boolean]>([['acme', true], ['acme/billing', true], ['acme/billing/refunds', true], ['acmex', false], ['acm', false], ['x/acme', false]])(
    '%s is in the acme subtree: %s', (id, inside) => {
      expect(inSubtree(id, 'acme')).toBe(inside)
    },
  )

  it.each<[string, string | undefined]>([
    ['acme', undefined],
    ['acme/', undefined],
    ['acme/billing', undefined],
    ['', 'id must be non-empty'],
    ['/', 'id must be non-empty'],
    ['Acme', 'invalid id (segment 1 of "Acme"): segment may only contain lowercase ASCII letters, digits, \'-\' and \'_\': "Acme"'],
    ['acme//', 'id may not have a leading or trailing \'/\': "acme/"'],
    ['fn', 'id may not have "fn" as its first segment (reserved as the iii://fn/ section-URI marker): "fn"'],
  ])('subtreeProblem(%j) is %j', (under, problem) => {
    expect(subtreeProblem(under)).toBe(problem)
  })
})
