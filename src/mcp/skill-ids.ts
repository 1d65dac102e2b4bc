/**
 * The ids of the skills the worker serves (`iii://{id}`), for the server instructions' count, the
 * `skill` prompt and completions (E12.6): read from `skills::resources-list`, which every worker
 * version has, and kept for `ttlMs` so a burst of requests costs one listing.
 */
import { INDEX_URI, III_URI_PREFIX, SECTION_URI_PREFIX, afterIiiPrefix, isJsonObject } from '../core/index.js'
import type { McpBackend } from './types.js'

// {resources:[{uri:"iii://skills"},{uri:"iii://a/b"},{uri:"iii://fn/x"}]} => ["a/b"]
export function idsOf(listing: unknown): string[] {
  const resources = isJsonObject(listing) && Array.isArray(listing.resources) ? listing.resources : []
  return resources
    .map((r) => (isJsonObject(r) && typeof r.uri === 'string' ? r.uri : ''))
    .filter((uri) => uri.startsWith(III_URI_PREFIX) && uri !== INDEX_URI && !uri.startsWith(SECTION_URI_PREFIX))
    .map((uri) => afterIiiPrefix(uri) as string)
}

export class SkillIds {
  private cached: { at: number; ids: Promise<string[]> } | undefined

  constructor(
    private readonly backend: McpBackend,
    private readonly ttlMs = 1000,
  ) {}

  /**
   * How many skills are served (the instructions' count): the `total` of a one-entry page of the full
   * listing, which counts the index too, so a start at 10,000 skills does not list them all to count
   * them; from the ids when the worker has no paged listing (upstream's).
   */
  async count(): Promise<number> {
    const page = await this.backend.invoke('skills::mcp-resources-list', { offset: 0, limit: 1 }).catch(() => undefined)
    if (isJsonObject(page) && typeof page.total === 'number') return page.total - 1
    return (await this.current()).length
  }

  /** The served ids, in listing order; none when the worker does not answer. */
  current(): Promise<string[]> {
    const now = performance.now()
    if (this.cached === undefined || now - this.cached.at > this.ttlMs) {
      this.cached = { at: now, ids: this.backend.invoke('skills::resources-list', {}).then(idsOf, () => []) }
    }
    return this.cached.ids
  }
}
