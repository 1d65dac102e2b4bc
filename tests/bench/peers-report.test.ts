import { describe, expect, it } from 'vitest'
import { median, renderPeers, summarizeAgainstFaster, summarizeFigure, type PeerRound } from './peers-report.js'
import type { SessionFigures } from './stdio-session.js'

const figures = (ms: number, mib: number): SessionFigures => ({
  initializeMs: ms, listMs: ms / 10, firstListMs: ms * 1.1, readAllMs: ms * 2, peakRssBytes: mib * 1024 * 1024, cpuMs: ms, listPasses: 1,
})
const one = (ours: SessionFigures, peer: SessionFigures): PeerRound => ({ ours, peers: { peer } })

describe('peers report (E16.4, E19.1)', () => {
  it('takes medians of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([])).toBeNaN()
  })

  it('is the median of the per-round ratios, not the ratio of the medians', () => {
    const rounds: PeerRound[] = [
      one(figures(100, 50), figures(50, 100)),
      one(figures(300, 50), figures(100, 100)),
      one(figures(200, 50), figures(400, 100)),
    ]
    expect(summarizeFigure(rounds, 'initializeMs', 'peer')).toEqual({ ratio: 2, ours: 200, peer: 100, name: 'peer' })
    expect(summarizeFigure(rounds, 'peakRssBytes', 'peer').ratio).toBe(0.5)
  })

  it('compares each figure with the peer whose median is lower', () => {
    const rounds: PeerRound[] = [
      { ours: figures(100, 50), peers: { a: figures(200, 40), b: figures(50, 100) } },
      { ours: figures(100, 50), peers: { a: figures(200, 40), b: figures(50, 100) } },
    ]
    expect(summarizeAgainstFaster(rounds, 'initializeMs', ['a', 'b'])).toMatchObject({ name: 'b', ratio: 2 })
    expect(summarizeAgainstFaster(rounds, 'peakRssBytes', ['a', 'b'])).toMatchObject({ name: 'a', ratio: 1.25 })
  })

  it('prints a table per peer and one against the faster peer, and a verdict per bounded figure and folder', () => {
    const text = renderPeers([
      { label: '17 real skills', skills: 17, rounds: [one(figures(90, 60), figures(100, 80))] },
      { label: '1,000', skills: 1000, rounds: [one(figures(300, 60), figures(100, 80))] },
    ], ['peer'])
    expect(text).toContain('| process start → initialize done | 0.90× (90 vs 100 ms) | 3.00× (300 vs 100 ms) |')
    expect(text).toContain('| peak RSS | 0.75× (60.0 vs 80.0 MiB) | 0.75× (60.0 vs 80.0 MiB) |')
    expect(text).toContain('| peak RSS | 0.75× (60.0 vs 80.0 MiB, peer) | 0.75× (60.0 vs 80.0 MiB, peer) |')
    expect(text).toContain('PASS  process start → initialize done at 17 real skills: 0.90× peer (≤ 1.00× the faster peer)')
    expect(text).toContain('FAIL  process start → initialize done at 1,000: 3.00× peer (≤ 1.00× the faster peer)')
    expect(text.match(/^(PASS|FAIL) /gm)).toHaveLength(8)
  })
})
