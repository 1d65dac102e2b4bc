import { describe, expect, it } from 'vitest'
import { searchSkills } from '../../src/functions/search.js'
import { synonymsOf } from '../../src/functions/search-synonyms.js'
import { corporaRoots, CORPORA_DIR } from '../bench/corpora-eval.js'
import { fakeDeps } from './fake-deps.js'

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

describe('skill::search with synonyms (E23.3)', () => {
  it('ranks the first results again, and a longer ranking still extends a shorter one', async () => {
    const world = fakeDeps({ config: { skill_roots: corporaRoots() }, baseDir: CORPORA_DIR })
    const ids = async (query: string, limit: number) => (await searchSkills({ query, under: null, limit }, world.deps)).results.map((r) => r.id)
    for (const query of ['hiring plan and job description for a senior engineer', 'refund a customer payment']) {
      const [three, ten, thirty] = [await ids(query, 3), await ids(query, 10), await ids(query, 30)]
      expect(ten.slice(0, 3), query).toEqual(three)
      expect(thirty.slice(0, 10), query).toEqual(ten)
      expect(new Set(thirty).size, query).toBe(thirty.length)
    }
  }, 60_000)
})
