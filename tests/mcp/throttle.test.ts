import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Throttle } from '../../src/mcp/throttle.js'

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 })
})

afterEach(() => {
  vi.useRealTimers()
})

/** A throttle whose runs record the fake clock; `gate` (when set) holds a run open. */
function recorder(windowMs = 100) {
  const runs: number[] = []
  let gate: Promise<void> | undefined
  const throttle = new Throttle(async () => {
    runs.push(Date.now())
    await gate
  }, windowMs)
  return { throttle, runs, hold: (promise: Promise<void>) => (gate = promise) }
}

describe('Throttle', () => {
  it('runs a request after a quiet window at once, coalescing a synchronous burst', async () => {
    const { throttle, runs } = recorder()
    for (let i = 0; i < 20; i++) throttle.request()
    await vi.advanceTimersByTimeAsync(0)
    expect(runs).toEqual([1_000_000])
  })

  it('runs requests made inside the window once, at the end of the window (trailing edge)', async () => {
    const { throttle, runs } = recorder()
    throttle.request()
    await vi.advanceTimersByTimeAsync(10)
    throttle.request()
    await vi.advanceTimersByTimeAsync(30)
    throttle.request()
    await vi.advanceTimersByTimeAsync(200)
    expect(runs).toEqual([1_000_000, 1_000_100])
  })

  it('never runs twice within one window over a long burst, and runs after the last request', async () => {
    const { throttle, runs } = recorder()
    for (let t = 0; t < 1000; t += 7) {
      throttle.request()
      await vi.advanceTimersByTimeAsync(7)
    }
    const lastRequestAt = Date.now() - 7
    await vi.advanceTimersByTimeAsync(500)
    const gaps = runs.slice(1).map((at, i) => at - runs[i]!)
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(100)
    expect(runs.at(-1)!).toBeGreaterThanOrEqual(lastRequestAt)
  })

  it('runs again after a run that was in progress when the request came', async () => {
    const { throttle, runs, hold } = recorder()
    let release!: () => void
    hold(new Promise<void>((resolve) => (release = resolve)))
    throttle.request()
    await vi.advanceTimersByTimeAsync(0)
    throttle.request()
    await vi.advanceTimersByTimeAsync(500)
    expect(runs).toHaveLength(1)
    hold(Promise.resolve())
    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(runs).toEqual([1_000_000, 1_000_500])
  })

  it('keeps running after a run that throws', async () => {
    let calls = 0
    const throttle = new Throttle(() => {
      calls++
      throw new Error('boom')
    }, 100)
    throttle.request()
    await vi.advanceTimersByTimeAsync(0)
    throttle.request()
    await vi.advanceTimersByTimeAsync(100)
    expect(calls).toBe(2)
  })

  it('drops a pending run on close and ignores later requests', async () => {
    const { throttle, runs } = recorder()
    throttle.request()
    await vi.advanceTimersByTimeAsync(0)
    throttle.request()
    throttle.close()
    throttle.request()
    await vi.advanceTimersByTimeAsync(500)
    expect(runs).toEqual([1_000_000])
  })
})
