import { describe, expect, it } from 'vitest'
import type { Measured } from './measure.js'
import {
  CONTEXT_BUDGET_TARGETS, evaluateTargets, GROWTH_FAMILIES, growthRows, MIB, renderReport, type CaseResult, type Measurements, type MemoryResult, type StalenessResult,
} from './report.js'
import type { StateFileResult } from './state-file-case.js'

const measured = (p50Ms: number, p99Ms = p50Ms * 2): Measured => ({
  latency: { samples: 100, p50Ms, p99Ms, meanMs: p50Ms, minMs: p50Ms / 2, maxMs: p99Ms },
  throughputPerS: 1000 / p50Ms,
})

const result = (id: string, op: number, floor: number): CaseResult => ({
  id, label: id, functionId: 'skills::list', responseBytes: 1024, op: measured(op), floor: measured(floor),
})

const memory = (stateMiB: number, fsMiB = 180): MemoryResult[] => [
  { registry: 'state', skills: 10_000, loadedRssBytes: stateMiB * MIB, settledRssBytes: 90 * MIB, afterCasesRssBytes: 170 * MIB, peakRssBytes: 200 * MIB },
  { registry: 'fs', skills: 10_000, loadedRssBytes: fsMiB * MIB, afterCasesRssBytes: 190 * MIB, peakRssBytes: 210 * MIB },
]

const lag = (maxMs: number, samples = 40): StalenessResult['lag'] =>
  ({ samples, p50Ms: maxMs / 2, p99Ms: maxMs * 0.99, meanMs: maxMs / 2, minMs: 0, maxMs })
const staleness = (offStaleMs: number): StalenessResult[] => [
  { topology: 'state triggers on', maxStalenessMs: 1000, lag: lag(2, 200), oldestStaleMs: 1.5 },
  { topology: 'state triggers off', maxStalenessMs: 1000, lag: lag(990), oldestStaleMs: offStaleMs },
]

const passing = [
  result('read', 0.5, 0.4),
  result('index@1000', 8, 7),
  result('index@10000', 70, 60),
  result('list@1000', 4, 4),
  result('list@10000', 38, 40),
  result('resources-list@1000', 3.3, 3),
  result('resources-list@10000', 33, 30),
  result('fetch10', 1, 0.5),
  result('fs-index@1000', 10, 4),
  result('fs-index@10000', 100, 40),
  result('fs-list@1000', 5, 2),
  result('fs-list@10000', 55, 20),
  result('fs-read@1000', 0.6, 0.35),
  result('fs-read@10000', 0.6, 0.35),
  result('search@10000', 0.9, 0.35),
]

const stateFile = (over: Partial<StateFileResult> = {}): StateFileResult => ({
  registerMemoryP50Ms: 0.5, registerFileP50Ms: 1.2, writers: 8, fileRegistersPerS: 3000, restartSkills: 10_000, restartStartMs: 400,
  fileBytes: 30 * MIB, liveBytes: 21 * MIB, ...over,
})

const measurements = (cases: CaseResult[], extra: Partial<Measurements> = {}): Measurements =>
  ({ cases, growth: growthRows(cases, GROWTH_FAMILIES), memory: memory(120), staleness: staleness(989), stateFile: stateFile(), ...extra })

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

  it('keeps families whose names share a suffix apart', () => {
    const rows = growthRows([result('list@1000', 1, 1), result('fs-list@1000', 5, 1)], ['list', 'fs-list'])
    expect(rows.map((r) => [r.family, r.p50Ms])).toEqual([
      ['list', { 1000: 1 }], ['list floor', { 1000: 1 }], ['fs-list', { 1000: 5 }], ['fs-list floor', { 1000: 1 }],
    ])
  })
})

describe('evaluateTargets', () => {
  it('meets every E3 target when the ratios, the growth, the RSS and the staleness are within their limits', () => {
    const targets = evaluateTargets(measurements(passing))
    expect(targets.map((t) => [t.target, t.met])).toEqual([
      ['state iii://skills index at 10,000 skills', true],
      ['state skills::list at 10,000 skills', true],
      ['state skills::resources-list at 10,000 skills', true],
      ['one state read (resources-read)', true],
      ['skill::fetch of 10 URIs', true],
      ['fs iii://skills index at 10,000 skills', true],
      ['fs skills::list at 10,000 skills', true],
      ['one fs read at 10,000 skills', true],
      ['skill::search at 10,000 skills', true],
      ['index growth 1,000 → 10,000', true],
      ['list growth 1,000 → 10,000', true],
      ['resources-list growth 1,000 → 10,000', true],
      ['fs-index growth 1,000 → 10,000', true],
      ['fs-list growth 1,000 → 10,000', true],
      ['worker RSS, 10,000 state skills loaded and listed', true],
      ['worker RSS, 10,000 fs skills loaded and listed', true],
      ['cross-instance listing staleness, state triggers on', true],
      ['cross-instance listing staleness, state triggers off', true],
      ['--state-file register p50', true],
      ['--state-file registers/s, 8 writers', true],
      ['--state-file restart, 10,000 skills', true],
      ['--state-file size after compaction', true],
    ])
    expect(targets[3]).toEqual({ target: 'one state read (resources-read)', limit: 'p50 ≤ 2× floor', measured: '1.25× (0.50 ms vs 0.40 ms)', met: true })
    expect(targets[14]).toEqual({ target: 'worker RSS, 10,000 state skills loaded and listed', limit: '≤ 150 MiB', measured: '120.0 MiB (10,000 skills)', met: true })
    expect(targets.find((t) => t.target === 'cross-instance listing staleness, state triggers off')).toEqual({
      target: 'cross-instance listing staleness, state triggers off', limit: 'stale ≤ 1000 ms after the write',
      measured: 'stale up to 989 ms; shown after p50 495, max 990 ms (40 writes)', met: true,
    })
  })

  it.each([
    ['state read over 2×', [result('read', 0.85, 0.4)], 'one state read (resources-read)'],
    ['state index over 1.5×', [result('index@10000', 91, 60)], 'state iii://skills index at 10,000 skills'],
    ['state list over 1.5×', [result('list@1000', 6, 4), result('list@10000', 61, 40)], 'state skills::list at 10,000 skills'],
    ['list growing faster than k = 1.1', [result('list@1000', 2.5, 4)], 'list growth 1,000 → 10,000'],
    ['list growing faster than k = 1.1 and than its floor', [result('list@1000', 3, 3), result('list@10000', 40, 38)], 'list growth 1,000 → 10,000'],
    ['fetch over 4×', [result('fetch10', 2.1, 0.5)], 'skill::fetch of 10 URIs'],
    ['fs list over 3×', [result('fs-list@1000', 6.2, 2), result('fs-list@10000', 61, 20)], 'fs skills::list at 10,000 skills'],
    ['fs read over 2×', [result('fs-read@10000', 0.71, 0.35)], 'one fs read at 10,000 skills'],
    ['search over 3×', [result('search@10000', 1.06, 0.35)], 'skill::search at 10,000 skills'],
  ])('fails the target when %s', (_case, replacements, failing) => {
    const cases = passing.map((c) => replacements.find((r) => r.id === c.id) ?? c)
    expect(evaluateTargets(measurements(cases)).filter((t) => !t.met).map((t) => t.target)).toEqual([failing])
  })

  it.each([
    ['k = 1.104, shown as 1.10', [result('list@1000', 4, 4), result('list@10000', 50.8, 40)]],
    ['k = 1.15 while the floor grows as fast', [result('list@1000', 4, 4), result('list@10000', 56.5, 56.5)]],
  ])('passes the growth target at %s', (_case, replacements) => {
    const cases = passing.map((c) => replacements.find((r) => r.id === c.id) ?? c)
    expect(evaluateTargets(measurements(cases)).find((t) => t.target === 'list growth 1,000 → 10,000')?.met).toBe(true)
  })

  it('shows the floor\'s exponent next to the operation\'s', () => {
    expect(evaluateTargets(measurements(passing)).find((t) => t.target === 'index growth 1,000 → 10,000')?.measured).toBe('k = 0.94 (floor 0.93)')
  })

  it('judges RSS just loaded and listed: state above 150 MiB, fs above 200 MiB fail', () => {
    const failing = (m: MemoryResult[]) => evaluateTargets(measurements(passing, { memory: m })).filter((t) => !t.met).map((t) => t.target)
    expect(failing(memory(151))).toEqual(['worker RSS, 10,000 state skills loaded and listed'])
    expect(failing(memory(150, 201))).toEqual(['worker RSS, 10,000 fs skills loaded and listed'])
    expect(failing([{ ...memory(100)[0]!, skills: 1000 }, memory(100)[1]!])).toEqual(['worker RSS, 10,000 state skills loaded and listed'])
  })

  it('fails a topology where a listing started later than the bound after a write still missed it', () => {
    const targets = evaluateTargets(measurements(passing, { staleness: staleness(1000.4) }))
    expect(targets.filter((t) => !t.met).map((t) => t.target)).toEqual(['cross-instance listing staleness, state triggers off'])
  })

  it('fails every target it could not measure', () => {
    const targets = evaluateTargets({ cases: [], growth: [], memory: [], staleness: [] })
    expect(targets.slice(-4).map((t) => t.limit)).toEqual(['≤ 3× in memory', '≥ 2,000/s', '≤ 1000 ms', '≤ 2× live data'])
    expect(targets).toHaveLength(20)
    expect(targets.every((t) => !t.met && t.measured === 'not measured')).toBe(true)
  })
})

describe('context budget targets (E7.5)', () => {
  it('judges the outline and the budgeted page at 2x their floors', () => {
    const targets = (outline: number) => evaluateTargets(measurements([result('outline', outline, 1), result('page', 0.3, 0.2)]), CONTEXT_BUDGET_TARGETS)
    expect(targets(2).map((t) => [t.target, t.measured, t.met])).toEqual([
      ['skill::outline of a 70 KB+ body (E7.5)', '2.00× (2.00 ms vs 1.00 ms)', true],
      ['budgeted read_skill_file page of a 70 KB+ body (E7.5)', '1.50× (0.30 ms vs 0.20 ms)', true],
    ])
    expect(targets(2.1).filter((t) => !t.met).map((t) => t.target)).toEqual(['skill::outline of a 70 KB+ body (E7.5)'])
  })
})

describe('state file targets (E10)', () => {
  const failing = (f: StateFileResult) =>
    evaluateTargets(measurements(passing, { stateFile: f })).filter((t) => !t.met).map((t) => `${t.target}: ${t.measured}`)
  it('shows what each measured and passes within the limits', () => {
    expect(evaluateTargets(measurements(passing)).slice(-4).map((t) => t.measured)).toEqual([
      '2.40× (1.20 ms vs 0.50 ms)', '3000/s', '400 ms', '1.43× (30.0 MiB file, 21.0 MiB live)',
    ])
  })
  it.each([
    [{ registerFileP50Ms: 1.6 }, '--state-file register p50: 3.20× (1.60 ms vs 0.50 ms)'],
    [{ fileRegistersPerS: 1999 }, '--state-file registers/s, 8 writers: 1999/s'],
    [{ restartStartMs: 1001 }, '--state-file restart, 10,000 skills: 1001 ms'],
    [{ restartSkills: 1000, restartStartMs: 100 }, '--state-file restart, 1,000 skills: 100 ms'],
    [{ fileBytes: 43 * MIB }, '--state-file size after compaction: 2.05× (43.0 MiB file, 21.0 MiB live)'],
  ])('fails %o', (over, expected) => {
    expect(failing(stateFile(over))).toEqual([expected])
  })
})

describe('renderReport', () => {
  it('prints the case table, the growth table, the memory lines, the staleness table and the targets with PASS/FAIL', () => {
    const m = measurements(passing)
    const targets = evaluateTargets({ ...m, cases: passing.filter((c) => c.id !== 'read') })
    const text = renderReport({ meta: {}, ...m, growth: growthRows(passing, ['list']), targets })
    expect(text).toContain('| read                 |        |  1.0 KiB |   0.50 |   1.00 |  2000 |      0.40 |      0.80 |        2500 |      1.25× |      1.25× |\n')
    expect(text).toContain('| list floor              |   – |  4.00 |   40.0 |       1.00 |\n')
    expect(text).toContain('worker RSS with 10,000 state skills: 120.0 MiB just loaded and listed, 90.0 MiB after idling, ' +
      '170.0 MiB after all cases at that size, peak 200.0 MiB\n')
    expect(text).toContain('worker RSS with 10,000 fs skills: 180.0 MiB just loaded and listed, 190.0 MiB after all cases at that size, peak 210.0 MiB\n')
    expect(text).toContain('| state triggers off       |             1000 |     40 |                495 |    980 |    990 |            989 |\n')
    expect(text).toMatch(/\| one state read \(resources-read\) +\| p50 ≤ 2× floor +\| not measured +\| FAIL +\|\n/)
    expect(text).toMatch(/\| skill::fetch of 10 URIs +\| p50 ≤ 4× floor +\| 2\.00× \(1\.00 ms vs 0\.50 ms\) +\| PASS +\|\n/)
  })
})
