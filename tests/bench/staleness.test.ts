import { describe, expect, it } from 'vitest'
import { parseStalenessOutput, STALENESS_TOPOLOGIES } from './staleness.js'

describe('parseStalenessOutput', () => {
  it('finds the result line among the SDK\'s own output', () => {
    expect(parseStalenessOutput('[OTel] OpenTelemetry is disabled.\n{"samples":[{"lagMs":0,"staleMs":0},{"lagMs":980.5,"staleMs":979}]}\n'))
      .toEqual([{ lagMs: 0, staleMs: 0 }, { lagMs: 980.5, staleMs: 979 }])
  })

  it.each([
    ['no result line', 'crashed\n'],
    ['an empty sample', '{"samples":[]}\n'],
    ['a negative lag', '{"samples":[{"lagMs":-2,"staleMs":0}]}\n'],
    ['a missing stale time', '{"samples":[{"lagMs":2}]}\n'],
    ['a non-number', '{"samples":[{"lagMs":"2","staleMs":0}]}\n'],
  ])('refuses %s', (_case, stdout) => {
    expect(() => parseStalenessOutput(stdout)).toThrow(/staleness probe printed/)
  })
})

describe('STALENESS_TOPOLOGIES', () => {
  it('measures triggers on, on behind a slow subscriber, and off', () => {
    expect(STALENESS_TOPOLOGIES.map((t) => t.arg)).toEqual(['on', 'slow', 'off'])
    expect(STALENESS_TOPOLOGIES.every((t) => t.quickSamples > 0 && t.quickSamples <= t.samples)).toBe(true)
  })
})
