/**
 * A map of answers being read or read, as the fs index keeps them for every folder and file it
 * walks: the promise while an answer is read, then the bare value (a settled promise kept per entry
 * cost 40 bytes more, 10,000 skills kept some 80,000). A read that fails is dropped, so the next
 * call reads again. Values are never promises or undefined.
 */
export class SettledMap<T> {
  private readonly entries = new Map<string, T | Promise<T>>()

  get(key: string): Promise<T> | undefined {
    const kept = this.entries.get(key)
    if (kept === undefined || kept instanceof Promise) return kept as Promise<T> | undefined
    return Promise.resolve(kept)
  }

  /** The answer kept for `key` once it is read; undefined while it is read or when there is none. */
  peek(key: string): T | undefined {
    const kept = this.entries.get(key)
    return kept instanceof Promise ? undefined : kept
  }

  has(key: string): boolean {
    return this.entries.has(key)
  }

  /** The answer kept for `key`, else `read()`'s, kept from now on (`added` is called then). */
  getOrRead(key: string, read: () => Promise<T>, added?: () => void): Promise<T> {
    const hit = this.get(key)
    if (hit !== undefined) return hit
    const pending = read()
    this.entries.set(key, pending)
    added?.()
    pending.then(
      (value) => this.entries.get(key) === pending && this.entries.set(key, value),
      () => this.entries.get(key) === pending && this.entries.delete(key),
    )
    return pending
  }

  delete(key: string): boolean {
    return this.entries.delete(key)
  }

  keys(): IterableIterator<string> {
    return this.entries.keys()
  }

  clear(): void {
    this.entries.clear()
  }
}
