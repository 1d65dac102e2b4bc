import { describe, expect, it } from 'vitest'
import { median, renderPeers, summarizeFigure, type PeerRound } from './peers-report.js'
import type { SessionFigures } from './stdio-session.js'

const figures = (ms: number, mib: number): SessionFigures => ({
  initializeMs: ms, listMs: ms / 10, readAllMs: ms * 2, peakRssBytes: mib * 1024 * 1024, cpuMs: ms, listPasses: 1,
})

describe('peers report (E16.4)', () => {
  it('takes medians of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([])).toBeNaN()
  })

  it('is the median of the per-round ratios, not the ratio of the medians', () => {
    const rounds: PeerRound[] = [
      { ours: figures(100, 50), peer: figures(50, 100) },
      { ours: figures(300, 50), peer: figures(100, 100) },
      { ours: figures(200, 50), peer: figures(400, 100) },
    ]
    expect(summarizeFigure(rounds, 'initializeMs')).toEqual({ ratio: 2, ours: 200, peer: 100 })
    expect(summarizeFigure(rounds, 'peakRssBytes').ratio).toBe(0.5)
  })

  it('prints a row per figure, a column per folder, and a verdict per bounded figure and folder', () => {
    const text = renderPeers([
      { label: '17 real skills', skills: 17, rounds: [{ ours: figures(90, 60), peer: figures(100, 80) }] },
      { label: '1,000', skills: 1000, rounds: [{ ours: figures(300, 60), peer: figures(100, 80) }] },
    ], 'the peer')
    expect(text).toContain('| process start → initialize done | 0.90× (90 vs 100 ms) | 3.00× (300 vs 100 ms) |')
    expect(text).toContain('| peak RSS | 0.75× (60.0 vs 80.0 MiB) | 0.75× (60.0 vs 80.0 MiB) |')
    expect(text).toContain('PASS  process start → initialize done at 17 real skills: 0.90× (≤ 1.00×)')
    expect(text).toContain('FAIL  process start → initialize done at 1,000: 3.00× (≤ 1.00×)')
    expect(text.match(/^(PASS|FAIL) /gm)).toHaveLength(8)
  })
})
