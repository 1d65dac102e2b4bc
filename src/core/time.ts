/**
 * D9: `registered_at` and fs mtimes as RFC 3339 UTC with an explicit `+00:00` offset (as chrono's
 * `to_rfc3339` writes it) and millisecond precision, the fraction dropped when it is zero.
 */

// 2026-11-22T06:41:40.567Z => "2026-11-22T06:41:40.567+00:00"; …40.000Z => "…40+00:00"
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace(/\.000Z$/, 'Z').replace(/Z$/, '+00:00')
}
