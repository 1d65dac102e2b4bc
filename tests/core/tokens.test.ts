/**
 * E11.4: token counts exact on ordinary text (gpt-tokenizer's own o200k_base is the reference) and
 * linear on any shape, counted in slices so another call is answered meanwhile. The bounds here are
 * generous (the old quadratic merge took minutes on these texts); `npm run bench` has the figures.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { countTokens, encode } from 'gpt-tokenizer/encoding/o200k_base'
import { describe, expect, it } from 'vitest'
import { lettersAtRandom } from '../support/random-letters.js'
import { tokenizer } from '../../src/core/tokens.js'
import { withLoopWait } from '../support/loop-wait.js'

const tok = await tokenizer()
const PLAIN = { disallowedSpecial: new Set<string>() }
const CORPORA = '../shared/corpora'
const MiB = 1024 * 1024

function textFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    const stat = statSync(path)
    if (stat.isDirectory()) textFiles(path, out)
    else if (/\.(md|txt|py|xsd|json|ya?ml|sh|ts|js)$/.test(name) && stat.size < 256 * 1024) out.push(path)
  }
  return out
}


describe('token counts (E7.1, E11.4)', () => {
  it('equal the reference o200k_base count on every text file of shared/corpora', async () => {
    const files = textFiles(CORPORA)
    expect(files.length).toBeGreaterThan(3000)
    const differ: string[] = []
    for (const file of files) {
      // gpt-tokenizer's decoder drops a UTF-8 byte-order mark, so it splits EF BB BF (token 5574) in two.
      const text = readFileSync(file, 'utf8').replaceAll('\uFEFF', '')
      if ((await tok.count(text)) !== countTokens(text, PLAIN)) differ.push(file)
    }
    expect(differ).toEqual([])
  }, 120_000)

  it('counts a byte-order mark as the one token o200k_base has for it', async () => {
    expect(await tok.count('\uFEFF')).toBe(1)
    expect(await tok.count('\uFEFFusing')).toBe(1)
  })

  it('counts text that looks like a special token as plain text', async () => {
    expect(await tok.count('<|endoftext|>')).toBe(countTokens('<|endoftext|>', PLAIN))
  })

  it.each([
    ['one word of 1 MiB', 'a'.repeat(MiB)],
    ['1 MiB of random letters', lettersAtRandom(MiB)],
    ['1 MiB of spaces', ' '.repeat(MiB)],
    ['1 MiB of newlines', '\n'.repeat(MiB)],
    ['1 MiB of base64', Buffer.from(lettersAtRandom(786432)).toString('base64')],
  ])('counts %s in linear time, never holding the event loop', async (_shape, text) => {
    const { result: count, ms, longestWaitMs } = await withLoopWait(() => tok.count(text))
    expect(count).toBeGreaterThan(0)
    expect(ms).toBeLessThan(3000)
    expect(longestWaitMs).toBeLessThan(250)
  })

  it('counts a long run exactly as the reference does up to the run cap', async () => {
    const word = lettersAtRandom(399)
    expect(await tok.count(word)).toBe(countTokens(word, PLAIN))
    const spaces = `a${' '.repeat(390)}b`
    expect(await tok.count(spaces)).toBe(countTokens(spaces, PLAIN))
  })

  it('takes the longest prefix within a budget, never splitting a character', async () => {
    const text = 'déjà vu, naïve café — '.repeat(50)
    for (const max of [1, 7, 40, 200]) {
      const prefix = await tok.prefixWithin(text, max)
      expect(text.startsWith(prefix)).toBe(true)
      expect(countTokens(prefix, PLAIN)).toBeLessThanOrEqual(max)
      // One more token of the reference encoding would be over the budget, or the prefix is the whole text.
      const tokens = encode(text, PLAIN)
      expect(prefix.length === text.length || countTokens(text.slice(0, prefix.length + 1), PLAIN) > max || tokens.length <= max).toBe(true)
    }
    const word = 'a'.repeat(MiB)
    const { result: prefix, ms } = await withLoopWait(() => tok.prefixWithin(word, 100))
    expect(prefix.length).toBeGreaterThan(0)
    expect(ms).toBeLessThan(3000)
  })
})

describe('the byte-pair merge, with and without the pair table (E11.4)', () => {
  it('gives the same tokens either way, for every piece', async () => {
    const { default: table } = await import('gpt-tokenizer/bpeRanks/o200k_base')
    const { BytePairEncoder } = await import('../../src/core/byte-pair.js')
    const { PairTable } = await import('../../src/core/pair-table.js')
    const { pieceBytes, pieceMatcher } = await import('../../src/core/o200k-pieces.js')
    const ranks = new Map<string, number>()
    table.forEach((value, rank) => ranks.set(typeof value === 'string' ? pieceBytes(value) : String.fromCharCode(...value), rank))
    const byBytes = new BytePairEncoder(ranks)
    const byPairs = new BytePairEncoder(ranks)
    byPairs.pairs = await PairTable.build(ranks)
    const text = `${lettersAtRandom(5000)} ${readFileSync(textFiles(CORPORA)[0]!, 'utf8')} déjà vu — ${'漢字'.repeat(300)}`
    let pieces = 0
    for (const [piece] of text.matchAll(pieceMatcher())) {
      const bytes = pieceBytes(piece)
      expect(byBytes.tokenEnds(bytes), piece.slice(0, 40)).toEqual(byPairs.tokenEnds(bytes))
      pieces++
    }
    expect(pieces).toBeGreaterThan(100)
  }, 60_000)
})
