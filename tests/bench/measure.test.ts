import { describe, expect, it } from 'vitest'
import { latencyPair, warmUp } from './measure.js'

const counter = (delayMs = 0) => {
  let calls = 0
  return {
    get calls() { return calls },
    call: async () => {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
      return ++calls
    },
  }
}

describe('warmUp', () => {
  it('makes at least the given number of calls and returns the last result', async () => {
    const c = counter()
    expect(await warmUp(c.call, 25)).toBe(25)
    expect(c.calls).toBe(25)
  })

  it('calls at least once even when asked for none', async () => {
    const c = counter()
    expect(await warmUp(c.call, 0)).toBe(1)
  })

  it('keeps calling until the time budget is spent, past the call count', async () => {
    const c = counter(2)
    const start = performance.now()
    await warmUp(c.call, 1, 60)
    expect(performance.now() - start).toBeGreaterThanOrEqual(60)
    expect(c.calls).toBeGreaterThan(1)
  })
})

describe('latencyPair', () => {
  it('takes as many floor samples as operation samples, within the sample cap', async () => {
    const op = counter()
    const floor = counter()
    const budget = { warmupCalls: 0, warmupMs: 0, minSamples: 5, maxSamples: 37, latencyMs: 10_000, concurrency: 1, throughputCalls: 1, throughputMs: 1 }
    const { op: o, floor: f } = await latencyPair(op.call, floor.call, budget)
    expect([o.samples, f.samples, op.calls, floor.calls]).toEqual([37, 37, 37, 37])
  })
})
