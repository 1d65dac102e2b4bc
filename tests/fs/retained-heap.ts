/**
 * How much of the heap what `keep()` returns holds on to, for tests that a structure kept long
 * (the fs index's entries, the watched view's facts) does not retain more than it must: the heap
 * after a full collection with it kept, minus the heap after one with nothing kept.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

export async function retainedBytes(keep: () => Promise<unknown>): Promise<number> {
  gc()
  const before = process.memoryUsage().heapUsed
  const kept = await keep()
  gc()
  const after = process.memoryUsage().heapUsed
  // Read after the measurement, so `kept` is alive at it.
  if (kept === undefined) throw new Error('keep() must return what it keeps')
  return after - before
}
