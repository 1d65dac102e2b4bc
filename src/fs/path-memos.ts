/**
 * What the fs index remembers of one path (`FsView.remember`): a few keys ('digest', 'facts', the
 * skill it loaded to), each with its answer, in one array (key, answer, key, answer…) rather than a
 * Map per path (some 150 bytes more each, and the index remembers something of every file it serves).
 * Answers are kept as a SettledMap keeps them: the promise while computed, then the value.
 */
export class PathMemos {
  /** Made with its first pair (a `push` onto an empty array would keep room for 17 slots). */
  private slots: unknown[] | undefined

  /** The answer kept for `key`, else `compute()`'s, kept from now on; a failed one is dropped. */
  getOrCompute<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const at = this.indexOf(key)
    if (at !== -1) {
      const kept = this.slots![at + 1]
      return (kept instanceof Promise ? kept : Promise.resolve(kept)) as Promise<T>
    }
    const pending = compute()
    if (this.slots === undefined) this.slots = [key, pending]
    else this.slots.push(key, pending)
    pending.then(
      // An answer that is undefined stays as its promise: a bare undefined would read as no answer.
      (value) => value !== undefined && this.replace(key, pending, [value]),
      () => this.replace(key, pending, []),
    )
    return pending
  }

  // The slot still holding `pending` gets its value, or (none: it failed) is removed.
  private replace(key: string, pending: Promise<unknown>, settled: [unknown?]): void {
    const at = this.indexOf(key)
    if (at === -1 || this.slots![at + 1] !== pending) return
    if (settled.length === 0) this.slots!.splice(at, 2)
    else this.slots![at + 1] = settled[0]
  }

  private indexOf(key: string): number {
    const slots = this.slots ?? []
    for (let at = 0; at < slots.length; at += 2) if (slots[at] === key) return at
    return -1
  }
}
