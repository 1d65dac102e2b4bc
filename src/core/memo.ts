/**
 * Values derived from an immutable object, computed once per object. The registry cache hands out
 * the same rows array for as long as the rows are unchanged, so whatever a handler derives from it
 * (decoded rows, index bullets, list entries) is computed once per change instead of once per call;
 * when rows come fresh from the engine the memo simply never hits.
 */
const memos = new WeakMap<object, Map<string, unknown>>()

/** `compute()` the first time `key` is asked of `owner`; the same value afterwards. */
export function memoize<T>(owner: object, key: string, compute: () => T): T {
  let byKey = memos.get(owner)
  if (byKey === undefined) {
    byKey = new Map()
    memos.set(owner, byKey)
  }
  if (byKey.has(key)) return byKey.get(key) as T
  const value = compute()
  byKey.set(key, value)
  return value
}

/** `compute()` once per pair of objects (e.g. one state summary array and one fs snapshot). */
export function memoizePair<T>(first: object, second: object, key: string, compute: () => T): T {
  const bySecond = memoize(first, key, () => new WeakMap<object, { value: T }>())
  let hit = bySecond.get(second)
  if (hit === undefined) {
    hit = { value: compute() }
    bySecond.set(second, hit)
  }
  return hit.value
}
