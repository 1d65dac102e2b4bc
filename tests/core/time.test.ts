import { describe, expect, it } from 'vitest'
import { formatTimestamp } from '../../src/core/time.js'

describe('formatTimestamp (D9)', () => {
  it.each([
    [Date.UTC(2026, 10, 22, 6, 41, 40, 567), '2026-11-22T06:41:40.567+00:00'],
    [Date.UTC(2026, 10, 22, 6, 41, 40, 0), '2026-11-22T06:41:40+00:00'],
    [Date.UTC(2026, 10, 22, 6, 41, 40, 500), '2026-11-22T06:41:40.500+00:00'],
    [Date.UTC(2026, 10, 22, 6, 41, 40, 5), '2026-11-22T06:41:40.005+00:00'],
    [Date.UTC(2026, 0, 1, 0, 0, 0, 10), '2026-01-01T00:00:00.010+00:00'],
    [0, '1970-01-01T00:00:00+00:00'],
    [Date.UTC(1999, 11, 31, 23, 59, 59, 999), '1999-12-31T23:59:59.999+00:00'],
  ])('formats %i as %s', (millis, text) => {
    expect(formatTimestamp(new Date(millis))).toBe(text)
  })

  it('always writes UTC with +00:00, never Z', () => {
    const text = formatTimestamp(new Date())
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?\+00:00$/)
  })
})
