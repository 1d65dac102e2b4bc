/**
 * Keyset paging over a list sorted by `compareUtf8` of a key (skill names, SKILL.md URIs): the index
 * of the first entry whose key sorts after `after`, by binary search.
 */
import { compareUtf8 } from './ids.js'

// (["a","c","e"], "c") => 2; (…, "b") => 1; (…, "z") => 3
export function firstAfter<T>(sorted: readonly T[], after: string, keyOf: (entry: T) => string): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (compareUtf8(keyOf(sorted[mid] as T), after) <= 0) low = mid + 1
    else high = mid
  }
  return low
}
