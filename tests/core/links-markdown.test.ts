/** core/markdown-links.ts: links and images as written, with their lines; none inside code. */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import MarkdownIt from 'markdown-it'
import { describe, expect, it } from 'vitest'
import { decodedHref, markdownLinks } from '../../src/core/links.js'
import { CORPORA } from '../support/corpora.js'

describe('markdownLinks', () => {
  it('finds links and images with their lines, in lists, tables, quotes and headings, and none in code', () => {
    const text = [
      '# [Title](title.md)', // 1
      '', // 2
      'Text with [a](a.md) and', // 3
      'a second [b](b%20c.md) line, ![img](img.png).', // 4
      '', // 5
      '```sh', // 6
      '[not](code.md)', // 7
      '```', // 8
      '', // 9
      '| x | y |', // 10
      '|---|---|', // 11
      '| [t](table.md) | `[no](span.md)` |', // 12
      '', // 13
      '    [indented](code2.md)', // 14
      '', // 15
      '- item', // 16
      '  > quoted [q](quote.md)', // 17
      '', // 18
      '~~~', // 19
      '```', // 20
      '[still](code3.md)', // 21
      '~~~', // 22
      'After [z](references\\z.md)', // 23
    ].join('\n')
    expect(markdownLinks(text).map((l) => `${l.kind} ${decodedHref(l.href)} ${l.line}`)).toEqual([
      'link title.md 1', 'link a.md 3', 'link b c.md 4', 'image img.png 4', 'link table.md 12', 'link quote.md 17', 'link references\\z.md 23',
    ])
  })

  it('reads fences of CRLF files', () => {
    expect(markdownLinks('```sh\r\n[no](a.md)\r\n```\r\nSee [b](b.md)\r\n').map((l) => `${l.href} ${l.line}`)).toEqual(['b.md 4'])
  })

  it('resolves reference links wherever their definition is', () => {
    expect(markdownLinks('See [the guide][g].\n\n```\ncode\n```\n\n[g]: references/guide.md\n').map((l) => `${l.href} ${l.line}`)).toEqual(['references/guide.md 1'])
  })

  it('finds the same links as parsing each whole file with every markdown rule, on every .md file of shared/corpora', () => {
    const full = new MarkdownIt({ html: false, linkify: false, typographer: false })
    const wholeLinks = (text: string) => full.parse(text, {}).flatMap((t) => (t.type !== 'inline' ? [] : (t.children ?? [])
      .filter((c) => c.type === 'link_open' || c.type === 'image').map((c) => String(c.attrGet(c.type === 'image' ? 'src' : 'href')))))
    const files = (readdirSync(CORPORA, { recursive: true }) as string[]).filter((p) => p.endsWith('.md'))
    expect(files.length).toBeGreaterThan(3000)
    const differ = files.filter((file) => {
      const text = readFileSync(join(CORPORA, file), 'utf8')
      return JSON.stringify(markdownLinks(text).map((l) => l.href)) !== JSON.stringify(wholeLinks(text))
    })
    expect(differ).toEqual([])
  }, 60_000)
})
