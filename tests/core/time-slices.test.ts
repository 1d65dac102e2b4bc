/**
 * SliceClock: loops that share a clock share its pauses, so one turn of the event loop runs about one
 * slice of their work in all, not one slice per loop (E19.3: the fs walk's lanes held `initialize` up).
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { SLICE_MS, SliceClock } from '../../src/core/time-slices.js'

const busy = (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // spin
  }
}

describe('SliceClock', () => {
  it('lets lanes sharing a clock run about one slice per turn between them', async () => {
    const clock = new SliceClock()
    const STEP_MS = SLICE_MS / 4
    let steps = 0
    let done = false
    const perTurn: number[] = []
    const observer = (async () => {
      while (!done) {
        const before = steps
        await nextTurn()
        perTurn.push(steps - before)
      }
    })()
    const lane = async () => {
      for (let i = 0; i < 12; i++) {
        while (clock.due) await clock.pause()
        busy(STEP_MS)
        steps++
      }
    }
    await Promise.all(Array.from({ length: 20 }, lane))
    done = true
    await observer
    // One slice is about four steps; each lane restarting the clock would have run some 80 a turn.
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(8)
    expect(steps).toBe(240)
  })

  it('pauses one loop as before: a turn, then a fresh slice', async () => {
    const clock = new SliceClock()
    busy(SLICE_MS + 1)
    expect(clock.due).toBe(true)
    await clock.pause()
    expect(clock.due).toBe(false)
  })
})
