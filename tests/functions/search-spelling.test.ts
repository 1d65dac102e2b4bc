import { describe, expect, it } from 'vitest'
import { americanSpelling } from '../../src/core/search-spelling.js'
import { searchTerm } from '../../src/core/search-terms.js'

describe('British and American spellings are one term (E23.3)', () => {
  it('maps -ise, -yse and -our forms to the American spelling', () => {
    expect(americanSpelling('prioritise')).toBe('prioritize')
    expect(americanSpelling('organisation')).toBe('organization')
    expect(americanSpelling('analysed')).toBe('analyzed')
    expect(americanSpelling('colours')).toBe('colors')
    expect(americanSpelling('behaviour')).toBe('behavior')
  })

  it('leaves short words and other endings alone', () => {
    for (const word of ['hour', 'four', 'tour', 'detour', 'rise', 'analysis', 'prioritize']) expect(americanSpelling(word)).toBe(word)
  })

  it('indexes and looks up both spellings under one stem', () => {
    expect(searchTerm('prioritise')).toBe(searchTerm('prioritize'))
    expect(searchTerm('colour')).toBe(searchTerm('color'))
    expect(searchTerm('summarising')).toBe(searchTerm('summarizing'))
  })
})
