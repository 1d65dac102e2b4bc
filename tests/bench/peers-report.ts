/**
 * The table of `npm run bench -- --peers` (E16.4): per folder size, each figure of this project's
 * sessions over the peer's as the median of the per-round ratios (the two servers alternate within a
 * round, so a busy moment of the machine weighs on both), with the median absolute figures beside it.
 */
import type { SessionFigures } from './stdio-session.js'

export interface PeerRound {
  ours: SessionFigures
  peer: SessionFigures
}

export interface PeerSize {
  label: string
  skills: number
  rounds: PeerRound[]
}

export interface Figure {
  key: keyof Omit<SessionFigures, 'listPasses'>
  label: string
  unit: 'ms' | 'MiB'
}

export const FIGURES: readonly Figure[] = [
  { key: 'initializeMs', label: 'process start → initialize done', unit: 'ms' },
  { key: 'listMs', label: 'first complete `resources/list`', unit: 'ms' },
  { key: 'readAllMs', label: 'read every `SKILL.md`', unit: 'ms' },
  { key: 'peakRssBytes', label: 'peak RSS', unit: 'MiB' },
  { key: 'cpuMs', label: 'server CPU (user + system)', unit: 'ms' },
]

/** The figures a Done-when of E16.1 bounds at ≤ 1.0× (CPU is shown, not bounded). */
export const BOUNDED: ReadonlySet<Figure['key']> = new Set(['initializeMs', 'listMs', 'readAllMs', 'peakRssBytes'])

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

export interface FigureSummary {
  ratio: number
  ours: number
  peer: number
}

/** Median of ours/peer over the rounds, and the median of each side. */
export function summarizeFigure(rounds: readonly PeerRound[], key: Figure['key']): FigureSummary {
  return {
    ratio: median(rounds.map((r) => r.ours[key] / r.peer[key])),
    ours: median(rounds.map((r) => r.ours[key])),
    peer: median(rounds.map((r) => r.peer[key])),
  }
}

// 1234.5 ms => "1235 ms"; 75_000_000 B => "71.5 MiB"
function amount(value: number, unit: Figure['unit']): string {
  if (unit === 'MiB') return `${(value / (1024 * 1024)).toFixed(1)}`
  return value < 10 ? value.toFixed(1) : value.toFixed(0)
}

export function renderPeers(sizes: readonly PeerSize[], peerName: string): string {
  const header = ['', ...sizes.map((s) => s.label)]
  const rows = FIGURES.map((figure) => [
    figure.label,
    ...sizes.map((size) => {
      const s = summarizeFigure(size.rounds, figure.key)
      return `${s.ratio.toFixed(2)}× (${amount(s.ours, figure.unit)} vs ${amount(s.peer, figure.unit)} ${figure.unit})`
    }),
  ])
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  const verdicts = sizes.flatMap((size) => FIGURES.filter((f) => BOUNDED.has(f.key)).map((figure) => {
    const s = summarizeFigure(size.rounds, figure.key)
    return `${s.ratio <= 1 ? 'PASS' : 'FAIL'}  ${figure.label} at ${size.label}: ${s.ratio.toFixed(2)}× (≤ 1.00×)`
  }))
  return [
    `This project / ${peerName}, median of per-round ratios (median figures of each in brackets, this project first); rounds: ${sizes.map((s) => `${s.label} ${s.rounds.length}`).join(', ')}`,
    '',
    line(header),
    line(header.map((_, i) => (i === 0 ? '---' : '---:'))),
    ...rows.map(line),
    '',
    ...verdicts,
    '',
  ].join('\n')
}
