import { describe, expect, it } from 'vitest'
import { formatMetrics, rankingMetrics } from './ranking-metrics.js'
import { evalRequests, evalSkillBody, evalSkills } from './search-eval.js'

describe('rankingMetrics', () => {
  it('counts first places, top-3 places and the mean reciprocal rank, and lists the misses', () => {
    const metrics = rankingMetrics([
      { query: 'a', expected: 'x', ranked: ['x', 'y'] },
      { query: 'b', expected: 'x', ranked: ['y', 'x'] },
      { query: 'c', expected: 'x', ranked: ['y', 'z', 'w', 'x'] },
      { query: 'd', expected: 'x', ranked: [] },
    ])
    expect(metrics.requests).toBe(4)
    expect(metrics.top1).toBe(0.25)
    expect(metrics.top3).toBe(0.5)
    expect(metrics.mrr).toBeCloseTo((1 + 1 / 2 + 1 / 4 + 0) / 4, 12)
    expect(metrics.misses).toEqual([
      { query: 'b', expected: 'x', rank: 2, first: 'y' },
      { query: 'c', expected: 'x', rank: 4, first: 'y' },
      { query: 'd', expected: 'x', rank: 0, first: undefined },
    ])
    expect(formatMetrics(metrics)).toBe('top-1 25.0 %, top-3 50.0 %, MRR 0.438 over 4 requests')
  })

  it('counts a request that accepts several skills at the rank of the first of them returned', () => {
    const metrics = rankingMetrics([
      { query: 'a', expected: ['x', 'z'], ranked: ['y', 'z', 'x'] },
      { query: 'b', expected: ['x', 'z'], ranked: ['w', 'y'] },
    ])
    expect([metrics.top1, metrics.top3, metrics.mrr]).toEqual([0, 0.5, 0.25])
    expect(metrics.misses).toEqual([{ query: 'a', expected: 'x | z', rank: 2, first: 'y' }, { query: 'b', expected: 'x | z', rank: 0, first: 'w' }])
  })

  it('refuses an empty set rather than reporting 0 or NaN', () => {
    expect(() => rankingMetrics([])).toThrow('rankingMetrics: no requests to judge')
  })
})

describe('the evaluation set (E8.1)', () => {
  const skills = evalSkills()
  const requests = evalRequests()

  it('has at least 150 distinct skills, each with a title, a description of one to three sentences and sections', () => {
    expect(new Set(skills.map((s) => s.id)).size).toBe(skills.length)
    expect(skills.length).toBeGreaterThanOrEqual(150)
    for (const skill of skills) {
      const sentences = skill.description.split(/(?<=\.)\s+/).length
      expect(sentences, skill.id).toBeGreaterThanOrEqual(1)
      expect(sentences, skill.id).toBeLessThanOrEqual(3)
      expect(skill.steps.length, skill.id).toBeGreaterThanOrEqual(3)
    }
  })

  it('has at least 100 requests, each naming a skill of the set', () => {
    expect(requests.length).toBeGreaterThanOrEqual(100)
    const ids = new Set(skills.map((s) => s.id))
    expect(requests.filter((r) => !ids.has(r.id))).toEqual([])
  })

  it('writes each skill as a SKILL.md with frontmatter, a title and headed sections', () => {
    expect(evalSkillBody({ id: 'a/b', title: 'B', description: 'Does b. Use for b.', steps: ['One', 'Two'], tips: 'Tip.' })).toBe(
      '---\nname: b\ndescription: "Does b. Use for b."\n---\n# B\n\nDoes b. Use for b.\n\n## Workflow\n\n1. One.\n2. Two.\n\n## Tips\n\nTip.\n')
  })
})
