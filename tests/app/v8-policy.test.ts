/**
 * The stdio V8 policy's collection before the first answer (src/app/v8-policy.ts): one forced
 * collection of the young generation, at the first call only. Vitest runs each test file in a
 * process of its own (pool: forks), so the flags the policy sets stay in this file's process.
 */
import { constants, PerformanceObserver } from 'node:perf_hooks'
import { describe, expect, it, vi } from 'vitest'
import { applyStdioV8Policy } from '../../src/app/v8-policy.js'

describe('the stdio V8 policy', () => {
  it('collects the young generation once, when the first answer goes out', async () => {
    // A gc entry's detail: { kind, flags } (Node's perf_hooks).
    const forced: { kind: number; flags: number }[] = []
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const detail = (entry as unknown as { detail: { kind: number; flags: number } }).detail
        if (detail.flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) forced.push(detail)
      }
    })
    observer.observe({ entryTypes: ['gc'] })
    const policy = applyStdioV8Policy({ jit: true })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(forced).toEqual([])
    policy.beforeFirstAnswer()
    await vi.waitFor(() => expect(forced).toHaveLength(1), { timeout: 5_000, interval: 10 })
    expect(forced[0]?.kind).toBe(constants.NODE_PERFORMANCE_GC_MINOR)
    policy.beforeFirstAnswer()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(forced).toHaveLength(1)
    observer.disconnect()
  })
})
