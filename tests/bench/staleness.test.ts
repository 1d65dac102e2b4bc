import { describe, expect, it } from 'vitest'
import { parseStalenessOutput, STALENESS_TOPOLOGIES } from './staleness.js'

describe('parseStalenessOutput', () => {
  it('finds the result line among the SDK\'s own output', () => {
    expect(parseStalenessOutput('[OTel] OpenTelemetry is disabled.\n{"lagsMs":[0,12.5,980]}\n')).toEqual([0, 12.5, 980])
  })

  it.each([
    ['no result line', 'crashed\n'],
    ['an empty sample', '{"lagsMs":[]}\n'],
    ['a negative lag', '{"lagsMs":[1,-2]}\n'],
    ['a non-number', '{"lagsMs":[1,"2"]}\n'],
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
