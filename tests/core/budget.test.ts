import { describe, expect, it } from 'vitest'
import { cutWithin } from '../../src/core/budget.js'
import { blockBoundaries } from '../../src/core/outline.js'
import { tokenizer } from '../../src/core/tokens.js'
import { largeMarkdown } from '../support/large-markdown.js'

const tok = await tokenizer()
const { text } = largeMarkdown()

async function pages(source: string, max: number): Promise<string[]> {
  const out: string[] = []
  for (let from = 0; from < source.length;) {
    const end = await cutWithin(source, from, max, tok)
    expect(end).toBeGreaterThan(from)
    out.push(source.slice(from, end))
    from = end
  }
  return out
}

describe('cutWithin (E7.4)', () => {
  it.each([300, 1000, 4000])('pages a 70 KB body within %i tokens each, reassembling it byte for byte', async (max) => {
    const all = await pages(text, max)
    expect(all.join('')).toBe(text)
    expect(all.length).toBeGreaterThan(1)
    for (const page of all) expect(await tok.count(page)).toBeLessThanOrEqual(max)
  })

  it('cuts only at block boundaries, never inside a fenced block, when blocks fit', async () => {
    const boundaries = new Set(blockBoundaries(text))
    let from = 0
    for (const page of await pages(text, 1000)) {
      from += page.length
      expect(boundaries.has(from)).toBe(true)
    }
  })

  it('takes as much as fits: the next block boundary would be over the budget', async () => {
    const end = await cutWithin(text, 0, 1000, tok)
    const next = blockBoundaries(text).find((b) => b > end)!
    expect(await tok.count(text.slice(0, next))).toBeGreaterThan(1000)
  })

  it('returns the whole rest when it fits', async () => {
    expect(await cutWithin('# A\n\nshort\n', 0, 100, tok)).toBe(11)
  })

  it('falls back to a line, then to a token boundary, when one block alone is over the budget', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i} of a block with no blank line in it`).join('\n')
    const byLine = await cutWithin(lines, 0, 50, tok)
    expect(lines[byLine - 1]).toBe('\n')
    expect(await tok.count(lines.slice(0, byLine))).toBeLessThanOrEqual(50)
    const word = 'antidisestablishmentarianism'.repeat(40)
    const byToken = await cutWithin(word, 0, 20, tok)
    expect(byToken).toBeGreaterThan(0)
    expect(await tok.count(word.slice(0, byToken))).toBeLessThanOrEqual(20)
  })
})
