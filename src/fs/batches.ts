/**
 * File reads a batch at a time: 10,000 reads started at once hold 10,000 open files and buffers
 * (hundreds of MiB, and EMFILE on a low `ulimit -n`); one after another they take seconds.
 */
import { SliceClock } from '../core/index.js'

const READ_BATCH = 32

/**
 * `fn` over `items`, at most `size` at a time, results in item order. Reads of small files are
 * synchronous (read-with-meta.ts): between batches the event loop gets a turn whenever a slice has
 * run (E19.2: loading 1,000 skills held it for 110 ms, 10,000 for a second, `initialize` behind them).
 */
export async function mapInBatches<T, R>(items: readonly T[], fn: (item: T) => Promise<R>, size = READ_BATCH): Promise<R[]> {
  const results: R[] = []
  const clock = new SliceClock()
  for (let start = 0; start < items.length; start += size) {
    if (clock.due) await clock.pause()
    results.push(...(await Promise.all(items.slice(start, start + size).map(fn))))
  }
  return results
}
