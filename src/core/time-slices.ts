/**
 * Long synchronous work cut into slices that let other calls run in between (E8.3: no call waits
 * more than 50 ms behind a first build of 10,000 skills).
 */
import { setImmediate } from 'node:timers/promises'

/**
 * Synchronous work between two turns of the event loop, at most: a call that arrives meanwhile
 * waits this long (it shows in E8.2's p99 while a listing refreshes), and a yield costs microseconds.
 */
export const SLICE_MS = 2

/** `each` on every item, yielding to the event loop whenever a slice has run SLICE_MS. */
export async function inSlices<T>(items: readonly T[], each: (item: T, index: number) => void): Promise<void> {
  let sliceStart = performance.now()
  for (let i = 0; i < items.length; i++) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await setImmediate()
      sliceStart = performance.now()
    }
    each(items[i] as T, i)
  }
}
