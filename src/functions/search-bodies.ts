/**
 * The bodies of recently indexed or served state skills, keyed by id and content stamp, so a
 * search result's title, description and snippet need no `state::get` when the body is the very
 * one indexed. A body is only ever served under the stamp of the index entry it belongs to, and the
 * index follows the listings' freshness (E3), so a cached body is never older than the listing the
 * result comes from. Bounded by the UTF-16 size of the bodies; the least recently used go first.
 */
const MAX_CHARS = 2 * 1024 * 1024

export class SearchBodies {
  private readonly bodies = new Map<string, { stamp: string; body: string }>()
  private chars = 0

  constructor(private readonly maxChars = MAX_CHARS) {}

  /** The body indexed under `stamp`, if it is still kept. */
  get(id: string, stamp: string): string | undefined {
    const kept = this.bodies.get(id)
    if (kept === undefined || kept.stamp !== stamp) return undefined
    this.bodies.delete(id)
    this.bodies.set(id, kept)
    return kept.body
  }

  set(id: string, stamp: string, body: string): void {
    this.delete(id)
    if (body.length > this.maxChars) return
    this.bodies.set(id, { stamp, body })
    this.chars += body.length
    for (const [oldest, kept] of this.bodies) {
      if (this.chars <= this.maxChars) break
      this.bodies.delete(oldest)
      this.chars -= kept.body.length
    }
  }

  delete(id: string): void {
    const kept = this.bodies.get(id)
    if (kept === undefined) return
    this.bodies.delete(id)
    this.chars -= kept.body.length
  }
}
