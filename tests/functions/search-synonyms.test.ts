import { describe, expect, it } from 'vitest'
import { synonymsOf } from '../../src/functions/search-synonyms.js'

describe('words of one meaning, from WordNet (E23.3)', () => {
  it('gives the other words of a word\'s most frequent sense, and its base form', () => {
    expect(synonymsOf('hiring')).toEqual(expect.arrayContaining(['hire', 'employ']))
    expect(synonymsOf('chart')).toContain('graph')
    expect(synonymsOf('faster')).toContain('fast')
    expect(synonymsOf('two')).toContain('2')
  })

  it('keeps only synonyms that are one search word', () => {
    for (const word of ['colleague', 'summary', 'fine']) for (const other of synonymsOf(word)) expect(other).toMatch(/^[\p{L}\p{N}]+$/u)
  })

  it('gives nothing for a word WordNet does not know', () => {
    expect(synonymsOf('kubernetes')).toEqual([])
    expect(synonymsOf('xlsx')).toEqual([])
  })
})
