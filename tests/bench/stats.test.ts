import { describe, expect, it } from 'vitest'
import { growthExponent, percentile, ratio, summarize, throughput } from './stats.js'

describe('percentile', () => {
  it.each([
    [[10, 20, 30, 40], 50, 25],
    [[10, 20, 30, 40], 0, 10],
    [[10, 20, 30, 40], 100, 40],
    [[5], 99, 5],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 50, 6],
    [Array.from({ length: 101 }, (_, i) => i), 99, 99],
    [[0, 100], 99, 99],
  ])('interpolates between the nearest ranks: p(%j, %d) = %d', (sorted, p, expected) => {
    expect(percentile(sorted, p)).toBeCloseTo(expected, 10)
  })

  it.each([
    [[], 50, 'percentile of an empty sample'],
    [[1], 101, 'percentile out of range: 101'],
    [[1], -1, 'percentile out of range: -1'],
  ])('rejects %j at p%d', (sorted, p, message) => {
    expect(() => percentile(sorted, p)).toThrow(message)
  })
})

describe('summarize', () => {
  it('sorts the samples and reports count, p50, p99, mean, min and max', () => {
    expect(summarize([4, 1, 3, 2])).toEqual({ samples: 4, p50Ms: 2.5, p99Ms: expect.closeTo(3.97, 10), meanMs: 2.5, minMs: 1, maxMs: 4 })
  })

  it('leaves the caller\'s array in its order', () => {
    const samples = [3, 1, 2]
    summarize(samples)
    expect(samples).toEqual([3, 1, 2])
  })
})

describe('throughput, ratio and growth', () => {
  it.each([
    [100, 1000, 100],
    [3, 1500, 2],
  ])('%d calls in %d ms is %d per second', (ops, ms, perSecond) => {
    expect(throughput(ops, ms)).toBe(perSecond)
  })

  it('refuses a zero elapsed time', () => {
    expect(() => throughput(1, 0)).toThrow('elapsed time must be positive: 0')
  })

  it.each([
    [3, 1.5, 2],
    [1, 0, undefined],
  ])('ratio(%d, %d) = %s', (value, floor, expected) => {
    expect(ratio(value, floor)).toBe(expected)
  })

  it.each([
    [2, 20, 1],
    [2, 2, 0],
    [2, 200, 2],
    [4, 20, Math.log(5) / Math.log(10)],
  ])('cost %d at 1,000 and %d at 10,000 grows with exponent %d', (small, large, k) => {
    expect(growthExponent({ n: 1000, cost: small }, { n: 10000, cost: large })).toBeCloseTo(k, 10)
  })
})
