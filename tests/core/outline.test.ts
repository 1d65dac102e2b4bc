import { describe, expect, it } from 'vitest'
import { SkillsError } from '../../src/core/errors.js'
import { blockBoundaries, headings, sections, sectionText } from '../../src/core/outline.js'
import { largeMarkdown } from '../support/large-markdown.js'

const large = largeMarkdown()

describe('headings and sections (E7.2)', () => {
  it('works on a body over 70 KB', () => {
    expect(large.text.length).toBeGreaterThan(70 * 1024)
  })

  it('finds every ATX heading, in order, with GitHub anchors (repeats get -1, -2 …), levels and lines, none inside fences', () => {
    expect(headings(large.text).map(({ anchor, heading, level, line }) => ({ anchor, heading, level, line })))
      .toEqual(large.sections.map(({ anchor, heading, level, line }) => ({ anchor, heading, level, line })))
    expect(headings(large.text).filter((h) => h.heading.includes('comment') || h.heading.includes('not a heading'))).toEqual([])
  })

  it('runs each section from its heading to the next heading of the same or a higher level', () => {
    expect(sections(large.text).map((s) => large.text.slice(s.start, s.end))).toEqual(large.sections.map((s) => s.text))
  })

  it.each([
    ['## Hello, World!', 'hello-world'],
    ['# Überblick & Ziele', 'überblick--ziele'],
    ['### `skill::fetch` options', 'skillfetch-options'],
    ['## Closing hashes ##', 'closing-hashes'],
    ['#### [Link text](http://x.y) here', 'link-text-here'],
  ])('anchors %j as %j', (line, anchor) => {
    expect(headings(`${line}\n`).map((h) => h.anchor)).toEqual([anchor])
  })

  it('does not take #hashtag, a heading in a ~~~ fence, or one indented four spaces', () => {
    expect(headings('#hashtag\n~~~\n# in fence\n~~~\n    # code\n# Real\n').map((h) => h.heading)).toEqual(['Real'])
  })

  it('serves one section by anchor with trailing whitespace trimmed', () => {
    const section = large.sections.find((s) => s.anchor === 'examples-2')!
    expect(sectionText(large.text, 'examples-2', 'iii://pipeline')).toBe(section.text.trimEnd())
  })

  it('fails an unknown anchor naming it, the URI and the anchors there are', () => {
    expect(() => sectionText('# A\n\n## B\n', 'c', 'iii://x')).toThrow(new SkillsError('Section not found: "c" in iii://x; sections: a, b'))
    expect(() => sectionText('no headings\n', 'c', 'iii://x')).toThrow(new SkillsError('Section not found: "c" in iii://x; sections: (none)'))
  })

  it('lists at most 20 anchors in that error', () => {
    const error = (() => {
      try {
        sectionText(large.text, 'missing', 'iii://pipeline')
      } catch (e) {
        return (e as Error).message
      }
    })()
    expect(error).toBe(`Section not found: "missing" in iii://pipeline; sections: ${large.sections.slice(0, 20).map((s) => s.anchor).join(', ')}, …`)
  })

  it('allows cuts after blank lines and before headings, never inside a fenced block', () => {
    const text = '# A\n\npara\n\n```\n# x\n\ny\n```\n\n## B\nz\n'
    expect(blockBoundaries(text).map((b) => text.slice(b, b + 4))).toEqual(['# A\n', 'para', '```\n', '## B', ''])
  })
})
