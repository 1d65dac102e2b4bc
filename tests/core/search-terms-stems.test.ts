import { describe, expect, it } from 'vitest'
import { searchTerm, wordsWithTerms } from '../../src/core/search-terms.js'

describe('search terms by stem (E8.1)', () => {
  it('indexes an English word by its Porter stem and leaves other words as they are', () => {
    expect(['decks', 'deck', 'refunds', 'invoicing', 'deployment'].map(searchTerm)).toEqual(['deck', 'deck', 'refund', 'invoic', 'deploy'])
    expect(['v2', 'größe', 'k8s'].map(searchTerm)).toEqual(['v2', 'größe', 'k8s'])
  })

  it('finds the words of a text that a set of terms matched, by stem or as written, once each in lower case', () => {
    const text = 'Deploy the deployment; Decks and a deck. Deplyment typo, refunds Refund unrelated'
    expect([...wordsWithTerms(text, new Set(['deploi', 'deck', 'deplyment']))]).toEqual(['deploy', 'decks', 'deck', 'deplyment'])
    expect([...wordsWithTerms(text, new Set(['refund']))]).toEqual(['refunds', 'refund'])
    expect([...wordsWithTerms(text, new Set(['deploy']))]).toEqual(['deploy', 'deployment'])
    expect(wordsWithTerms(text, new Set(['absent'])).size).toBe(0)
  })
})
