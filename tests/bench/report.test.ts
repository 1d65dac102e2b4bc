import { describe, expect, it } from 'vitest'
import type { Measured } from './measure.js'
import { evaluateTargets, growthRows, MIB, renderReport, type CaseResult, type MemoryResult } from './report.js'

const measured = (p50Ms: number, p99Ms = p50Ms * 2): Measured => ({
  latency: { samples: 100, p50Ms, p99Ms, meanMs: p50Ms, minMs: p50Ms / 2, maxMs: p99Ms },
  throughputPerS: 1000 / p50Ms,
})

const result = (id: string, op: number, floor: number): CaseResult => ({
  id, label: id, functionId: 'skills::list', responseBytes: 1024, op: measured(op), floor: measured(floor),
})

const memory = (settledMiB: number): MemoryResult => ({
  skills: 10_000,
  loadedRssBytes: 160 * MIB,
  settledRssBytes: settledMiB * MIB,
  afterCasesRssBytes: 170 * MIB,
  peakRssBytes: 200 * MIB,
})

const passing = [
  result('read', 0.5, 0.4),
  result('index@1000', 8, 7),
  result('index@10000', 70, 60),
  result('list@1000', 4, 4),
  result('list@10000', 38, 40),
  result('fetch10', 1, 0.5),
]

describe('growthRows', () => {
  it('gives each family its p50 by size and exponent from 1,000 to 10,000, followed by its floor', () => {
    expect(growthRows([result('list@100', 1, 1), result('list@1000', 2, 4), result('list@10000', 20, 40), result('read', 1, 1)], ['list'])).toEqual([
      { family: 'list', p50Ms: { 100: 1, 1000: 2, 10000: 20 }, exponent1kTo10k: 1 },
      { family: 'list floor', p50Ms: { 100: 1, 1000: 4, 10000: 40 }, exponent1kTo10k: 1 },
    ])
  })

  it('leaves the exponent out when a size is missing', () => {
    expect(growthRows([result('index@100', 1, 1)], ['index'])[0]).toEqual({ family: 'index', p50Ms: { 100: 1 }, exponent1kTo10k: undefined })
  })
})

describe('evaluateTargets', () => {
  it('meets every target when the ratios, the growth and the settled RSS are within their limits', () => {
    const targets = evaluateTargets(passing, growthRows(passing, ['index', 'list']), memory(120))
    expect(targets.map((t) => [t.target, t.met])).toEqual([
      ['resources-read of a state skill', true],
      ['iii://skills index at 10,000 skills', true],
      ['index growth 1,000 → 10,000', true],
      ['skills::list at 10,000 skills', true],
      ['skills::list growth 1,000 → 10,000', true],
      ['skill::fetch of 10 URIs', true],
      ['worker RSS with 10,000 skills', true],
    ])
    expect(targets[0]).toEqual({ target: 'resources-read of a state skill', limit: 'p50 ≤ 2.5× floor', measured: '1.25× (0.50 ms vs 0.40 ms)', met: true })
    expect(targets[6]!.measured).toBe('120.0 MiB idle (160.0 MiB just loaded)')
  })

  it.each([
    ['read over 2.5×', [result('read', 1.1, 0.4)], 'resources-read of a state skill'],
    ['index over 3×', [result('index@1000', 25, 20), result('index@10000', 190, 60)], 'iii://skills index at 10,000 skills'],
    ['list growing faster than linearly', [result('list@1000', 3, 4)], 'skills::list growth 1,000 → 10,000'],
    ['list growing faster than linearly and than its floor', [result('list@1000', 3.5, 3.5), result('list@10000', 36, 35.5)], 'skills::list growth 1,000 → 10,000'],
    ['fetch over 4×', [result('fetch10', 2.1, 0.5)], 'skill::fetch of 10 URIs'],
  ])('fails the target when %s', (_case, replacements, failing) => {
    const cases = passing.map((c) => replacements.find((r) => r.id === c.id) ?? c)
    const targets = evaluateTargets(cases, growthRows(cases, ['index', 'list']), memory(120))
    expect(targets.filter((t) => !t.met).map((t) => t.target)).toEqual([failing])
  })

  it.each([
    ['k = 1.004, shown as 1.00', [result('list@1000', 4, 4), result('list@10000', 40.4, 40)]],
    ['k = 1.03 while the floor grows as fast', [result('list@1000', 4, 4), result('list@10000', 43, 43)]],
  ])('passes the growth target at %s', (_case, replacements) => {
    const cases = passing.map((c) => replacements.find((r) => r.id === c.id) ?? c)
    const growth = growthRows(cases, ['index', 'list'])
    expect(evaluateTargets(cases, growth, memory(120)).find((t) => t.target === 'skills::list growth 1,000 → 10,000')?.met).toBe(true)
  })

  it('shows the floor\'s exponent next to the operation\'s', () => {
    const targets = evaluateTargets(passing, growthRows(passing, ['index', 'list']), memory(120))
    expect(targets.find((t) => t.target === 'index growth 1,000 → 10,000')?.measured).toBe('k = 0.94 (floor 0.93)')
  })

  it('fails the memory target above 150 MiB and every target it could not measure', () => {
    const targets = evaluateTargets([], [], undefined)
    expect(targets.every((t) => !t.met && t.measured === 'not measured')).toBe(true)
    expect(evaluateTargets(passing, growthRows(passing, ['index', 'list']), memory(151)).at(-1)?.met).toBe(false)
  })
})

describe('renderReport', () => {
  it('prints the case table, the growth table, the memory line and the targets', () => {
    const text = renderReport({ meta: {}, cases: passing, memory: memory(120), growth: growthRows(passing, ['list']), targets: [] })
    expect(text).toContain('| read        |        |  1.0 KiB |   0.50 |   1.00 |  2000 |      0.40 |      0.80 |        2500 |      1.25× |      1.25× |\n')
    expect(text).toContain('| list floor              |   – |  4.00 |   40.0 |       1.00 |\n')
    expect(text).toContain('worker RSS with 10,000 skills: 160.0 MiB just loaded and listed, 120.0 MiB after idling, ' +
      '170.0 MiB after all cases at that size, peak 200.0 MiB\n')
  })
})
