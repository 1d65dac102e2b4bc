/**
 * A value that can fail, in one shape everywhere: the value, or why not (`error`, a text by
 * default). `if (!r.ok) return r` passes a failure on unchanged.
 */
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E }

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value })
export const failed = <E>(error: E): { ok: false; error: E } => ({ ok: false, error })
