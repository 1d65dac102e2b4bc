import { describe, expect, it } from 'vitest'
import { evaluateTargets, SEARCH_CORPORA_TARGETS, SEARCH_SHAPE_TARGETS, type CaseResult } from './report.js'
import { searchCases } from './search-case.js'

const stats = (p50Ms: number, p99Ms: number) => ({ latency: { p50Ms, p99Ms }, throughputPerS: 1 })
const result = (id: string, p50: number, p99: number, floorP50: number, floorP99: number) =>
  ({ id, label: id, responseBytes: 1, op: stats(p50, p99), floor: stats(floorP50, floorP99) }) as unknown as CaseResult

describe('E8.2 search query shape targets', () => {
  it('has a case for each shape at each size, with the query it names', () => {
    expect(searchCases(10_000).map((c) => [c.id, (c.payload as { query: string }).query])).toEqual([
      ['search@10000', 'how do I refund an invoice'],
      ['search-rare@10000', 'underwriting'],
      ['search-broad@10000', 'skill workflow'],
      ['search-question@10000', 'how should I approve a refund for a disputed invoice payout today'],
      ['search-prefix@10000', 'inv'],
    ])
    expect((searchCases(10_000)[3]?.payload as { query: string }).query.split(' ')).toHaveLength(12)
  })

  it('passes p50 ≤ 3× and p99 ≤ 10× the floor, and fails either bound alone', () => {
    const cases = ['search-rare', 'search-broad', 'search-question', 'search-prefix'].map((shape) => result(`${shape}@10000`, 0.9, 3, 0.3, 0.3))
    const measured = (all: CaseResult[]) => evaluateTargets({ cases: all, memory: [], staleness: [], growth: [] }, SEARCH_SHAPE_TARGETS)
    expect(measured(cases).map((t) => [t.target, t.limit, t.met])).toEqual([
      ['search-rare at 10,000 skills (E8.2)', 'p50 ≤ 3× floor', true], ['search-rare at 10,000 skills (E8.2)', 'p99 ≤ 10× floor', true],
      ['search-broad at 10,000 skills (E8.2)', 'p50 ≤ 3× floor', true], ['search-broad at 10,000 skills (E8.2)', 'p99 ≤ 10× floor', true],
      ['search-question at 10,000 skills (E8.2)', 'p50 ≤ 3× floor', true], ['search-question at 10,000 skills (E8.2)', 'p99 ≤ 10× floor', true],
      ['search-prefix at 10,000 skills (E8.2)', 'p50 ≤ 3× floor', true], ['search-prefix at 10,000 skills (E8.2)', 'p99 ≤ 10× floor', true],
    ])
    const slowTail = cases.map((c, i) => (i === 1 ? result(c.id, 0.9, 3.1, 0.3, 0.3) : c))
    expect(measured(slowTail).filter((t) => !t.met).map((t) => [t.target, t.limit])).toEqual([['search-broad at 10,000 skills (E8.2)', 'p99 ≤ 10× floor']])
    const slowMiddle = cases.map((c, i) => (i === 2 ? result(c.id, 0.91, 3, 0.3, 0.3) : c))
    expect(measured(slowMiddle).filter((t) => !t.met).map((t) => [t.target, t.limit])).toEqual([['search-question at 10,000 skills (E8.2)', 'p50 ≤ 3× floor']])
    expect(measured([]).every((t) => !t.met && t.measured === 'not measured')).toBe(true)
  })
})

describe('E14.2 search over the real corpora', () => {
  const measured = (all: CaseResult[]) => evaluateTargets({ cases: all, memory: [], staleness: [], growth: [] }, SEARCH_CORPORA_TARGETS)

  it('passes a warm p50 of 10 ms and fails above it or when not measured', () => {
    expect(measured([result('search-corpora@1474', 10, 30, 0.3, 0.3)]).map((t) => [t.limit, t.met])).toEqual([['p50 ≤ 10 ms', true]])
    expect(measured([result('search-corpora@1474', 10.01, 11, 0.3, 0.3)]).map((t) => t.met)).toEqual([false])
    expect(measured([result('search@10000', 1, 1, 0.3, 0.3)]).map((t) => [t.measured, t.met])).toEqual([['not measured', false]])
  })
})
