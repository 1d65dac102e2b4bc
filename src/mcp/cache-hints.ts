/**
 * E12.2: the cache hints of a 2026-07-28 result. Lists and reads may be cached for as long as the
 * worker's own listings may be stale (`cache.max_staleness_ms`; 0 when the cache is off), never
 * longer; the catalogue is the same for every caller, so shared caches may hold it. The SDK fills
 * `ttlMs: 0, cacheScope: "private"` on any cacheable result without them, and never adds them to a
 * 2025-11-25 answer.
 */
const CACHEABLE = new Set([
  'tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'resources/read',
  // The Skills Extension's results are cacheable results too (SEP-2640 on 2026-07-28).
  'skills/list', 'skills/get', 'resources/directory/read',
])

// ("resources/list", 1000) => {ttlMs: 1000, cacheScope: "public"}; ("tools/call", 1000) => {}
export function cacheFields(method: string, ttlMs: number | undefined): { ttlMs?: number; cacheScope?: 'public' } {
  if (!CACHEABLE.has(method)) return {}
  return { ttlMs: Math.max(0, Math.floor(ttlMs ?? 0)), cacheScope: 'public' }
}
