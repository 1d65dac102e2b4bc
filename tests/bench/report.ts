/**
 * What one bench run found: the per-case figures, the worker's memory, how the registry-size cases
 * grow, and the verdict on each target of the performance issue. Pure: run.ts measures, this file
 * judges and renders (tested in report.test.ts).
 */
import type { Measured } from './measure.js'
import { growthExponent, ratio } from './stats.js'
import { formatBytes, formatMs, formatRate, formatRatio, renderTable, type Column } from './table.js'

export interface CaseResult {
  /** Stable key, e.g. `index@10000`. */
  id: string
  label: string
  /** State skills registered when measured (fs skills for the fs case). */
  skills?: number
  functionId: string
  responseBytes: number
  op: Measured
  floor: Measured
}

export interface MemoryResult {
  skills: number
  /** Worker RSS 1 s after the skills were registered and listed once (cache filled). */
  loadedRssBytes: number
  /** The same, once the worker has been idle long enough for V8 to return garbage: the target's figure. */
  settledRssBytes: number
  /** Worker RSS after every case at that size ran (includes garbage not yet collected). */
  afterCasesRssBytes: number
  /** Highest RSS the worker reached (VmHWM). */
  peakRssBytes: number
}

export interface TargetResult {
  target: string
  limit: string
  measured: string
  met: boolean
}

export interface BenchReport {
  meta: Record<string, unknown>
  cases: CaseResult[]
  memory?: MemoryResult
  growth: GrowthRow[]
  targets: TargetResult[]
}

export interface GrowthRow {
  /** `index`, `list`, or `index floor`, `list floor` for the same-size floors. */
  family: string
  /** p50 in ms by registry size. */
  p50Ms: Record<string, number>
  /** Exponent k of p50 ∝ n^k from 1,000 to 10,000 skills (1 = linear). */
  exponent1kTo10k?: number
}

export const MIB = 1024 * 1024
export const RSS_LIMIT_BYTES = 150 * MIB

export function p50Ratio(c: CaseResult): number | undefined {
  return ratio(c.op.latency.p50Ms, c.floor.latency.p50Ms)
}

export function p99Ratio(c: CaseResult): number | undefined {
  return ratio(c.op.latency.p99Ms, c.floor.latency.p99Ms)
}

/**
 * p50 by size for each case family (`index@100`, `index@1000`, … → family `index`), each followed
 * by its floor's row: the floor grows with the response size too, and is the yardstick.
 */
export function growthRows(cases: CaseResult[], families: string[]): GrowthRow[] {
  return families.flatMap((family) => [
    growthRow(family, cases, (c) => c.op.latency.p50Ms),
    growthRow(`${family} floor`, cases, (c) => c.floor.latency.p50Ms),
  ])
}

function growthRow(family: string, cases: CaseResult[], p50: (c: CaseResult) => number): GrowthRow {
  const name = family.split(' ')[0]
  const p50Ms: Record<string, number> = {}
  for (const c of cases) {
    const [id, size] = c.id.split('@')
    if (id === name && size !== undefined) p50Ms[size] = p50(c)
  }
  const small = p50Ms['1000']
  const large = p50Ms['10000']
  const exponent1kTo10k = small !== undefined && large !== undefined
    ? growthExponent({ n: 1000, cost: small }, { n: 10000, cost: large })
    : undefined
  return { family, p50Ms, exponent1kTo10k }
}

export function ratioTarget(cases: CaseResult[], id: string, target: string, limit: number): TargetResult {
  const found = cases.find((c) => c.id === id)
  const value = found === undefined ? undefined : p50Ratio(found)
  return {
    target,
    limit: `p50 ≤ ${limit}× floor`,
    measured: value === undefined ? 'not measured' : `${formatRatio(value)} (${formatMs(found!.op.latency.p50Ms)} ms vs ${formatMs(found!.floor.latency.p50Ms)} ms)`,
    met: value !== undefined && value <= limit,
  }
}

/**
 * Linear or slower, judged at the two decimals the bench resolves (run-to-run noise of k is about
 * ±0.02); an operation that grows exactly as its same-size floor does is at the physical limit and
 * passes too, since the floor itself (moving and parsing the response) sets the slope.
 */
function growthTarget(growth: GrowthRow[], family: string, target: string): TargetResult {
  const exponent = growth.find((g) => g.family === family)?.exponent1kTo10k
  const floor = growth.find((g) => g.family === `${family} floor`)?.exponent1kTo10k
  const floorText = floor === undefined ? '' : ` (floor ${floor.toFixed(2)})`
  return {
    target,
    limit: 'p50 grows ≤ linearly (k ≤ 1)',
    measured: exponent === undefined ? 'not measured' : `k = ${exponent.toFixed(2)}${floorText}`,
    met: exponent !== undefined && (Math.round(exponent * 100) <= 100 || (floor !== undefined && exponent <= floor)),
  }
}

export function evaluateTargets(cases: CaseResult[], growth: GrowthRow[], memory: MemoryResult | undefined): TargetResult[] {
  return [
    ratioTarget(cases, 'read', 'resources-read of a state skill', 2.5),
    ratioTarget(cases, 'index@10000', 'iii://skills index at 10,000 skills', 3),
    growthTarget(growth, 'index', 'index growth 1,000 → 10,000'),
    ratioTarget(cases, 'list@10000', 'skills::list at 10,000 skills', 3),
    growthTarget(growth, 'list', 'skills::list growth 1,000 → 10,000'),
    ratioTarget(cases, 'fetch10', 'skill::fetch of 10 URIs', 4),
    {
      target: 'worker RSS with 10,000 skills',
      limit: `≤ ${RSS_LIMIT_BYTES / MIB} MiB`,
      measured: memory === undefined ? 'not measured' : `${mib(memory.settledRssBytes)} MiB idle (${mib(memory.loadedRssBytes)} MiB just loaded)`,
      met: memory !== undefined && memory.settledRssBytes <= RSS_LIMIT_BYTES,
    },
  ]
}

const CASE_COLUMNS: Column<CaseResult>[] = [
  { header: 'operation', align: 'left', cell: (c) => c.label },
  { header: 'skills', align: 'right', cell: (c) => (c.skills === undefined ? '' : c.skills.toLocaleString('en-US')) },
  { header: 'response', align: 'right', cell: (c) => formatBytes(c.responseBytes) },
  { header: 'p50 ms', align: 'right', cell: (c) => formatMs(c.op.latency.p50Ms) },
  { header: 'p99 ms', align: 'right', cell: (c) => formatMs(c.op.latency.p99Ms) },
  { header: 'ops/s', align: 'right', cell: (c) => formatRate(c.op.throughputPerS) },
  { header: 'floor p50', align: 'right', cell: (c) => formatMs(c.floor.latency.p50Ms) },
  { header: 'floor p99', align: 'right', cell: (c) => formatMs(c.floor.latency.p99Ms) },
  { header: 'floor ops/s', align: 'right', cell: (c) => formatRate(c.floor.throughputPerS) },
  { header: 'p50 ×floor', align: 'right', cell: (c) => formatRatio(p50Ratio(c)) },
  { header: 'p99 ×floor', align: 'right', cell: (c) => formatRatio(p99Ratio(c)) },
]

const TARGET_COLUMNS: Column<TargetResult>[] = [
  { header: 'target', align: 'left', cell: (t) => t.target },
  { header: 'limit', align: 'left', cell: (t) => t.limit },
  { header: 'measured', align: 'left', cell: (t) => t.measured },
  { header: 'met', align: 'left', cell: (t) => (t.met ? 'yes' : 'NO') },
]

const SIZES = ['100', '1000', '10000']

function growthColumns(): Column<GrowthRow>[] {
  return [
    { header: 'p50 ms by registry size', align: 'left', cell: (g) => g.family },
    ...SIZES.map((size): Column<GrowthRow> => ({
      header: Number(size).toLocaleString('en-US'),
      align: 'right',
      cell: (g) => (g.p50Ms[size] === undefined ? '–' : formatMs(g.p50Ms[size] as number)),
    })),
    { header: 'k (1k→10k)', align: 'right', cell: (g) => (g.exponent1kTo10k === undefined ? '–' : g.exponent1kTo10k.toFixed(2)) },
  ]
}

function mib(bytes: number): string {
  return (bytes / MIB).toFixed(1)
}

export function renderReport(report: BenchReport): string {
  const parts = [renderTable(CASE_COLUMNS, report.cases), renderTable(growthColumns(), report.growth)]
  if (report.memory !== undefined) {
    const m = report.memory
    parts.push(`worker RSS with ${m.skills.toLocaleString('en-US')} skills: ${mib(m.loadedRssBytes)} MiB just loaded and listed, ` +
      `${mib(m.settledRssBytes)} MiB after idling, ${mib(m.afterCasesRssBytes)} MiB after all cases at that size, ` +
      `peak ${mib(m.peakRssBytes)} MiB\n`)
  }
  parts.push(renderTable(TARGET_COLUMNS, report.targets))
  return parts.join('\n')
}
