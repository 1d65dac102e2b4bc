/**
 * The stdio V8 policy's collection before the first answer (src/app/v8-policy.ts): one forced
 * collection of the young generation, at the first call only. Vitest runs each test file in a
 * process of its own (pool: forks), so the flags the policy sets stay in this file's process.
 */
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks'
import { describe, expect, it, vi } from 'vitest'
import { applyStdioV8Policy } from '../../src/app/v8-policy.js'

describe('the stdio V8 policy', () => {
  it('collects the young generation once, when the first answer goes out', async () => {
    const forced: PerformanceEntry[] = []
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const { flags } = entry.detail as { flags: number }
        if (flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) forced.push(entry)
      }
    })
    observer.observe({ entryTypes: ['gc'] })
    const policy = applyStdioV8Policy({ jit: true })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(forced).toEqual([])
    policy.beforeFirstAnswer()
    await vi.waitFor(() => expect(forced).toHaveLength(1), { timeout: 5_000, interval: 10 })
    expect((forced[0]?.detail as { kind: number }).kind).toBe(constants.NODE_PERFORMANCE_GC_MINOR)
    policy.beforeFirstAnswer()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(forced).toHaveLength(1)
    observer.disconnect()
  })
})
