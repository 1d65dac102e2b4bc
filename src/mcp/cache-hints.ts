/**
 * E12.2: the cache hints of a 2026-07-28 result. Lists and reads may be cached for as long as the
 * worker's own listings may be stale (`cache.max_staleness_ms`; 0 when the cache is off), never
 * longer. The catalogue is the same for every caller, so shared caches may hold it (`public`) unless
 * a bearer token guards it (`private`: what needs a token must not sit in a shared cache). The SDK
 * fills `ttlMs: 0, cacheScope: "private"` on any cacheable result without them, and never adds them
 * to a 2025-11-25 answer.
 */
export type CacheScope = 'public' | 'private'

/** What a front may let clients cache: for how long, and where. */
export interface CachePolicy {
  ttlMs: number
  scope: CacheScope
}

const CACHEABLE = new Set([
  'tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'resources/read',
  // The Skills Extension's results are cacheable results too (SEP-2640 on 2026-07-28).
  'skills/list', 'skills/get', 'resources/directory/read',
])

// ("resources/list", {ttlMs: 1000, scope: "public"}) => {ttlMs: 1000, cacheScope: "public"}; ("tools/call", …) => {}
export function cacheFields(method: string, policy: CachePolicy | undefined): { ttlMs?: number; cacheScope?: CacheScope } {
  if (!CACHEABLE.has(method)) return {}
  return { ttlMs: Math.max(0, Math.floor(policy?.ttlMs ?? 0)), cacheScope: policy?.scope ?? 'private' }
}
