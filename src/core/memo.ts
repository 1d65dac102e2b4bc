/**
 * Values derived from an immutable object, computed once per object. The registry cache hands out
 * the same rows array for as long as the rows are unchanged, so whatever a handler derives from it
 * (decoded rows, index bullets, list entries) is computed once per change instead of once per call;
 * when rows come fresh from the engine the memo simply never hits.
 * A side table rather than fields, because the owners are plain arrays shared by every caller; it
 * holds no per-instance state: two instances handed the same array derive the same values from it.
 */

/** Names one derived value and its type; declare each once, beside what computes it. */
export class MemoKey<T> {
  declare private readonly valueType: T
  constructor(readonly name: string) {}
}

const memos = new WeakMap<object, Map<MemoKey<unknown>, unknown>>()

/** `compute()` the first time `key` is asked of `owner`; the same value afterwards. */
export function memoize<T>(owner: object, key: MemoKey<T>, compute: () => T): T {
  let byKey = memos.get(owner)
  if (byKey === undefined) {
    byKey = new Map()
    memos.set(owner, byKey)
  }
  // Only `memoize` with this same key (so this same T) ever stored under it.
  if (byKey.has(key)) return byKey.get(key) as T
  const value = compute()
  byKey.set(key, value)
  return value
}

/** `compute()` once per pair of objects (e.g. one state summary array and one fs snapshot). */
export function memoizePair<T>(first: object, second: object, key: PairKey<T>, compute: () => T): T {
  const bySecond = memoize(first, key.bySecond, () => new WeakMap<object, { value: T }>())
  let hit = bySecond.get(second)
  if (hit === undefined) {
    hit = { value: compute() }
    bySecond.set(second, hit)
  }
  return hit.value
}

export class PairKey<T> {
  readonly bySecond: MemoKey<WeakMap<object, { value: T }>>
  constructor(name: string) {
    this.bySecond = new MemoKey(name)
  }
}
