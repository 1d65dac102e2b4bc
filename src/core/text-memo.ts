/**
 * A memo of values computed from a text, keyed by the text itself (V8 compares long keys by
 * content, no hashing pass over them), least recently used first out, bounded by the total length
 * of the texts it keeps. A value depends on the text alone, so a hit can never be a stale answer.
 */
export class TextMemo<V> {
  private readonly entries = new Map<string, V>()
  private chars = 0

  constructor(private readonly maxChars: number) {}

  get(text: string, compute: () => V): V {
    const known = this.entries.get(text)
    if (known !== undefined) {
      this.entries.delete(text)
      this.entries.set(text, known)
      return known
    }
    const value = compute()
    if (text.length > this.maxChars) return value
    this.entries.set(text, value)
    this.chars += text.length
    for (const oldest of this.entries.keys()) {
      if (this.chars <= this.maxChars) break
      this.entries.delete(oldest)
      this.chars -= oldest.length
    }
    return value
  }
}
