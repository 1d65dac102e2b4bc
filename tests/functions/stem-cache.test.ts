import { describe, expect, it } from 'vitest'
import { StemCache } from '../../src/functions/search-index.js'

describe('StemCache', () => {
  it('gives each word with its stem, the same object on a repeat, and starts over when full', () => {
    const stems = new StemCache(2)
    const decks = stems.of('decks')
    expect(decks).toEqual({ word: 'decks', stem: 'deck' })
    expect(stems.of('decks')).toBe(decks)
    expect(stems.of('refunds')).toEqual({ word: 'refunds', stem: 'refund' })
    // Full at 2: the third word empties the cache, so "decks" is stemmed anew (an equal, new entry).
    expect(stems.of('v2')).toEqual({ word: 'v2', stem: 'v2' })
    const again = stems.of('decks')
    expect(again).toEqual(decks)
    expect(again).not.toBe(decks)
  })

  it('lower-cases a word as written, keeping an entry per spelling', () => {
    const stems = new StemCache()
    const written = stems.of('Decks')
    expect(written).toEqual({ word: 'decks', stem: 'deck' })
    expect(stems.of('Decks')).toBe(written)
    expect(stems.of('decks')).toEqual(written)
    expect(stems.of('ÜBER')).toEqual({ word: 'über', stem: 'über' })
  })
})
