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

/**
 * The clock of a long loop: `due` once the current slice has run SLICE_MS; `pause` yields and starts the
 * next. Loops that share a clock (the fs walk's lanes) share its pauses: every lane that finds the
 * slice due waits for the same turn, and the next slice starts once, when that turn comes. (Each lane
 * restarting the clock as it woke let every one of them run a whole slice in the same turn: with the
 * walk's dozens of lanes, `initialize` waited 100 ms and more behind one turn, E19.3.)
 */
export class SliceClock {
  private start = performance.now()
  private turn: Promise<void> | undefined

  get due(): boolean {
    return performance.now() - this.start > SLICE_MS
  }

  pause(): Promise<void> {
    return (this.turn ??= setImmediate().then(() => {
      this.turn = undefined
      this.start = performance.now()
    }))
  }
}

/** `each` on every item, yielding to the event loop whenever a slice has run SLICE_MS. */
export async function inSlices<T>(items: readonly T[], each: (item: T, index: number) => void): Promise<void> {
  const clock = new SliceClock()
  for (let i = 0; i < items.length; i++) {
    if (clock.due) await clock.pause()
    each(items[i] as T, i)
  }
}
