/**
 * Long synchronous work cut into slices that let other calls run in between (E8.3: no call waits
 * more than 50 ms behind a first build of 10,000 skills).
 */
import { setImmediate } from 'node:timers/promises'

/** `each` on every item, yielding to the event loop whenever a slice has run `sliceMs`. */
export async function inSlices<T>(items: readonly T[], sliceMs: number, each: (item: T, index: number) => void): Promise<void> {
  let sliceStart = performance.now()
  for (let i = 0; i < items.length; i++) {
    if (performance.now() - sliceStart > sliceMs) {
      await setImmediate()
      sliceStart = performance.now()
    }
    each(items[i] as T, i)
  }
}
