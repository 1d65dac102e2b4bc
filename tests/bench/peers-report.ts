/**
 * The table of `npm run bench -- --peers` (E16.4, E19.1): per folder size, each figure of this project's
 * sessions over each peer's as the median of the per-round ratios (the servers alternate within a round,
 * so a busy moment of the machine weighs on all of them), with the median absolute figures beside it;
 * then the same against the faster peer of each figure and size (the peer whose median is lower), which
 * is what E19.1 bounds.
 */
import type { SessionFigures } from './stdio-session.js'

export interface PeerRound {
  ours: SessionFigures
  /** Each peer's session of the round, by peer name. */
  peers: Readonly<Record<string, SessionFigures>>
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
  { key: 'firstListMs', label: 'process start → first complete `resources/list`', unit: 'ms' },
  { key: 'listMs', label: 'first complete `resources/list` (after initialize)', unit: 'ms' },
  { key: 'readAllMs', label: 'read every `SKILL.md`', unit: 'ms' },
  { key: 'peakRssBytes', label: 'peak RSS', unit: 'MiB' },
  { key: 'cpuMs', label: 'server CPU (user + system)', unit: 'ms' },
]

/** The figures E19.1 bounds at ≤ 1.0× the faster peer (the others are shown, not bounded). */
export const BOUNDED: ReadonlySet<Figure['key']> = new Set(['initializeMs', 'firstListMs', 'readAllMs', 'peakRssBytes'])

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
  /** The peer compared with. */
  name: string
}

function peerFigure(round: PeerRound, name: string): SessionFigures {
  const figures = round.peers[name]
  if (figures === undefined) throw new Error(`no session of ${name} in a round`)
  return figures
}

/** Median of ours/peer over the rounds, and the median of each side. */
export function summarizeFigure(rounds: readonly PeerRound[], key: Figure['key'], name: string): FigureSummary {
  return {
    ratio: median(rounds.map((r) => r.ours[key] / peerFigure(r, name)[key])),
    ours: median(rounds.map((r) => r.ours[key])),
    peer: median(rounds.map((r) => peerFigure(r, name)[key])),
    name,
  }
}

/** The same against the peer with the lower median of this figure (E19.1: "the faster peer"). */
export function summarizeAgainstFaster(rounds: readonly PeerRound[], key: Figure['key'], names: readonly string[]): FigureSummary {
  const summaries = names.map((name) => summarizeFigure(rounds, key, name))
  return summaries.reduce((best, s) => (s.peer < best.peer ? s : best))
}

// 1234.5 ms => "1235 ms"; 75_000_000 B => "71.5 MiB"
function amount(value: number, unit: Figure['unit']): string {
  if (unit === 'MiB') return `${(value / (1024 * 1024)).toFixed(1)}`
  return value < 10 ? value.toFixed(1) : value.toFixed(0)
}

const line = (cells: string[]) => `| ${cells.join(' | ')} |`

function table(sizes: readonly PeerSize[], summary: (size: PeerSize, figure: Figure) => FigureSummary, withName: boolean): string[] {
  const header = ['', ...sizes.map((s) => s.label)]
  const rows = FIGURES.map((figure) => [
    figure.label,
    ...sizes.map((size) => {
      const s = summary(size, figure)
      const who = withName ? `, ${s.name}` : ''
      return `${s.ratio.toFixed(2)}× (${amount(s.ours, figure.unit)} vs ${amount(s.peer, figure.unit)} ${figure.unit}${who})`
    }),
  ])
  return [line(header), line(header.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)]
}

/** `names`: the peers, each with a short label used in the tables. */
export function renderPeers(sizes: readonly PeerSize[], names: readonly string[]): string {
  const rounds = `rounds: ${sizes.map((s) => `${s.label} ${s.rounds.length}`).join(', ')}`
  const perPeer = names.flatMap((name) => [
    `This project / ${name}, median of per-round ratios (median figures of each in brackets, this project first); ${rounds}`,
    '',
    ...table(sizes, (size, figure) => summarizeFigure(size.rounds, figure.key, name), false),
    '',
  ])
  const verdicts = sizes.flatMap((size) => FIGURES.filter((f) => BOUNDED.has(f.key)).map((figure) => {
    const s = summarizeAgainstFaster(size.rounds, figure.key, names)
    return `${s.ratio <= 1 ? 'PASS' : 'FAIL'}  ${figure.label} at ${size.label}: ${s.ratio.toFixed(2)}× ${s.name} (≤ 1.00× the faster peer)`
  }))
  return [
    ...perPeer,
    `This project / the faster peer of each figure (the lower median; named in brackets), E19.1; ${rounds}`,
    '',
    ...table(sizes, (size, figure) => summarizeAgainstFaster(size.rounds, figure.key, names), true),
    '',
    ...verdicts,
    '',
  ].join('\n')
}
