/**
 * Latency statistics of one measured series. Percentiles interpolate linearly between the two
 * nearest ranks (numpy's default), so p50 of an even-sized sample is the mean of the middle pair
 * and p99 of a small sample does not jump straight to the maximum.
 */

export interface LatencySummary {
  samples: number
  p50Ms: number
  p99Ms: number
  meanMs: number
  minMs: number
  maxMs: number
}

// ([10, 20, 30, 40], 50) => 25; ([5], 99) => 5
export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) throw new Error('percentile of an empty sample')
  if (p < 0 || p > 100) throw new Error(`percentile out of range: ${p}`)
  const rank = (p / 100) * (sortedMs.length - 1)
  const low = Math.floor(rank)
  const high = Math.ceil(rank)
  const lowValue = sortedMs[low] as number
  return lowValue + ((sortedMs[high] as number) - lowValue) * (rank - low)
}

export function summarize(samplesMs: readonly number[]): LatencySummary {
  const sorted = [...samplesMs].sort((a, b) => a - b)
  const total = sorted.reduce((sum, x) => sum + x, 0)
  return {
    samples: sorted.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    meanMs: total / sorted.length,
    minMs: sorted[0] as number,
    maxMs: sorted[sorted.length - 1] as number,
  }
}

/** Operations per second of `ops` calls that took `elapsedMs` of wall time together. */
export function throughput(ops: number, elapsedMs: number): number {
  if (elapsedMs <= 0) throw new Error(`elapsed time must be positive: ${elapsedMs}`)
  return (ops * 1000) / elapsedMs
}

/** `value / floor`, or undefined when the floor is not a positive number. */
export function ratio(value: number, floor: number): number | undefined {
  return floor > 0 ? value / floor : undefined
}

/**
 * How cost grows from `small` to `large` items: the exponent k in cost ∝ n^k.
 * 1 = linear, 0 = flat, 2 = quadratic. ({n: 1000, cost: 2}, {n: 10000, cost: 20}) => 1
 */
export function growthExponent(small: { n: number; cost: number }, large: { n: number; cost: number }): number {
  return Math.log(large.cost / small.cost) / Math.log(large.n / small.n)
}
