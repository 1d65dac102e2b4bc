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

  /** The served ids, in listing order; none when the worker does not answer. */
  current(): Promise<string[]> {
    const now = performance.now()
    if (this.cached === undefined || now - this.cached.at > this.ttlMs) {
      this.cached = { at: now, ids: this.backend.invoke('skills::resources-list', {}).then(idsOf, () => []) }
    }
    return this.cached.ids
  }
}
