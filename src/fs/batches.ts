/**
 * File reads a batch at a time: 10,000 reads started at once hold 10,000 open files and buffers
 * (hundreds of MiB, and EMFILE on a low `ulimit -n`); one after another they take seconds.
 */
const READ_BATCH = 32

/** `fn` over `items`, at most `size` at a time, results in item order. */
export async function mapInBatches<T, R>(items: readonly T[], fn: (item: T) => Promise<R>, size = READ_BATCH): Promise<R[]> {
  const results: R[] = []
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(fn))))
  }
  return results
}
