/**
 * The worker's own resource bounds. The engine reads at most 16 MiB per WebSocket frame and
 * closes a worker that sends more (protocol §1.1), which would halt every call in
 * flight, so nothing the worker sends — a reply, an error, a state write, a trigger — may reach
 * that size; a crafted input must get an error instead. Error texts that echo an input are cut
 * to a size that cannot breach the frame limit even after JSON escaping and the SDK's stack copy.
 */
export const ENGINE_MAX_FRAME_BYTES = 16 * 1024 * 1024

/** Largest frame the embedded engine reads on its telemetry socket (`/otel`, E11.6). */
export const TELEMETRY_MAX_FRAME_BYTES = 4 * 1024 * 1024

/** Largest skill body (registered, or an fs file's body) and prompt file body served, in UTF-8 bytes (256 KiB, accepted exactly). */
export const MAX_SKILL_BODY_BYTES = 262_144

/** Largest HTTP request body read by any listener (the MCP endpoint, the `http` triggers), in bytes. */
export const MAX_REQUEST_BODY_BYTES = 4 * 1024 * 1024

/** Largest text file the fs sources read whole (a skill or prompt file, a skill folder's text file), in bytes. */
export const MAX_FS_TEXT_FILE_BYTES = 1_048_576

/** Largest file of a skill folder served at all (skill://, digests), in bytes; `check` flags bigger ones (SK205). */
export const MAX_SKILL_RESOURCE_BYTES = 8 * 1024 * 1024

/**
 * The caps the fs readers apply, as one object: the fs sources own it (FsSources `limits`) and every
 * reader takes it from there (through the fs view or `FsSources.reads`), so a new cap, or a cap made
 * configurable, is a field here and one value where the sources are made.
 */
export interface FsLimits {
  /** A skill or prompt body (MAX_SKILL_BODY_BYTES). */
  skillBodyBytes: number
  /** A text file read whole (MAX_FS_TEXT_FILE_BYTES). */
  textFileBytes: number
  /** A file of a skill folder served as bytes (MAX_SKILL_RESOURCE_BYTES). */
  skillResourceBytes: number
}

export const FS_LIMITS: FsLimits = {
  skillBodyBytes: MAX_SKILL_BODY_BYTES,
  textFileBytes: MAX_FS_TEXT_FILE_BYTES,
  skillResourceBytes: MAX_SKILL_RESOURCE_BYTES,
}

/** Room left in a frame for its envelope (type, ids, function id, trace headers). */
const FRAME_ENVELOPE_BYTES = 64 * 1024

/** Largest JSON payload (reply result or outgoing call data) the worker puts on the wire. */
export const MAX_PAYLOAD_BYTES = ENGINE_MAX_FRAME_BYTES - FRAME_ENVELOPE_BYTES

/**
 * Longest error text sent as is, in UTF-16 code units. JSON escapes a code unit to at most
 * 6 bytes and the SDK sends the text twice (message and stack): 12 MiB, under the frame limit.
 */
export const MAX_ERROR_TEXT_UNITS = 1024 * 1024

/**
 * Calls the worker may have waiting on one section function or prompt handler at once. A section
 * that fetches itself (or two that fetch each other) recurses through the engine, where no call
 * chain is visible; this cap makes such a loop fail at depth MAX + 1 instead of running forever.
 */
export const MAX_IN_FLIGHT_PER_FUNCTION = 256

/** URIs of one fetch resolved at once; later ones wait, so a long `uris` list cannot flood state. */
export const FETCH_CONCURRENCY = 8

/**
 * E16.2: up to this many fs skills (or prompts) the boot scan logs one `loaded fs-backed …` line each at
 * info (§6.9); above it those lines go to debug and the `fs source scan complete` line carries the counts.
 */
export const FS_LOADED_LINES_AT_INFO = 100

/** E18.5: log lines queued for a slow or stalled log reader, in UTF-16 code units; past it the newest are dropped. */
export const LOG_QUEUE_MAX_UNITS = 4 * 1024 * 1024

/**
 * E18.5: a signal ends the process within 2 s. Closing (engine, listeners, state file) gets this long;
 * past it the process exits anyway (every acknowledged state write is already fsync'd, E10), and queued
 * log lines get SHUTDOWN_LOG_FLUSH_MS more.
 */
export const SHUTDOWN_DEADLINE_MS = 1_500
export const SHUTDOWN_LOG_FLUSH_MS = 250

/** UTF-8 size of `value` as JSON on the wire (0 for undefined, which the SDK omits). */
export function jsonBytes(value: unknown): number {
  const text = JSON.stringify(value)
  return text === undefined ? 0 : Buffer.byteLength(text, 'utf8')
}

/**
 * The JSON size of `value` when it is over `limit`, else undefined. A cheap upper bound (every
 * string escaped at 6 bytes a code unit, every scalar at 24) settles most answers without
 * serialising them; only values that might be over the limit are measured exactly.
 */
export function jsonBytesOver(value: unknown, limit: number): number | undefined {
  if (jsonBytesUpperBound(value, limit) <= limit) return undefined
  const bytes = jsonBytes(value)
  return bytes > limit ? bytes : undefined
}

/** Bounds of values settled by settleJsonBound: deep-frozen, so a bound cannot go stale. */
const SETTLED_BOUNDS = new WeakMap<object, number>()

/**
 * Freezes `value` deeply and records its JSON size bound, so the response guard adds that bound
 * instead of walking `value` again: for values built once and served on many calls (a listing's
 * entries, a skill's frontmatter). At 10,000 skills the guard walked 14 ms of a 43 ms first listing.
 */
export function settleJsonBound<T>(value: T): T {
  if (typeof value !== 'object' || value === null || SETTLED_BOUNDS.has(value)) return value
  deepFreeze(value)
  // Counting stops past the payload limit (a YAML alias can make a frontmatter cyclic); such a bound
  // sends the guard to measure exactly, as an unsettled value over the limit would.
  SETTLED_BOUNDS.set(value, jsonBytesUpperBound(value, MAX_PAYLOAD_BYTES))
  return value
}

/** Texts of values settled by settleJsonText: `JSON.stringify(value)`, which cannot go stale either. */
const SETTLED_TEXTS = new WeakMap<object, string>()

/**
 * settleJsonBound, keeping the value's JSON text as well, whose byte length is then its bound: for
 * entries a listing page sends as they are (E16.2), so the stdio transport writes a page from its
 * entries' texts instead of serialising 500 objects again (mcp/frame-text.ts). A value JSON cannot
 * print (a cycle) is settled without a text.
 */
export function settleJsonText<T>(value: T): T {
  if (typeof value !== 'object' || value === null || SETTLED_TEXTS.has(value)) return value
  let text: string | undefined
  try {
    text = JSON.stringify(value)
  } catch {
    return settleJsonBound(value)
  }
  deepFreeze(value)
  SETTLED_TEXTS.set(value, text)
  SETTLED_BOUNDS.set(value, Buffer.byteLength(text, 'utf8'))
  return value
}

/** The JSON text settleJsonText kept for `value`, if any. */
export function settledJsonText(value: object): string | undefined {
  return SETTLED_TEXTS.get(value)
}

/** Whether `value` was settled (deep-frozen, its bound recorded): then it can be memoised on. */
export function isSettled(value: object): boolean {
  return SETTLED_BOUNDS.has(value)
}

function deepFreeze(value: object): void {
  const seen = new Set<object>([value])
  const stack: object[] = [value]
  while (stack.length > 0) {
    const item = Object.freeze(stack.pop() as Record<string, unknown>)
    for (const key in item) {
      const child = item[key]
      if (typeof child === 'object' && child !== null && !seen.has(child)) {
        seen.add(child)
        stack.push(child)
      }
    }
  }
}

/** At least the JSON size of `value`; stops counting once past `limit`. Iterative, any depth. */
export function jsonBytesUpperBound(value: unknown, limit: number): number {
  let total = 0
  const stack: unknown[] = [value]
  while (stack.length > 0 && total <= limit) {
    const item = stack.pop()
    if (typeof item === 'string') {
      total += 2 + 6 * item.length
    } else if (typeof item !== 'object' || item === null) {
      total += 24
    } else {
      const settled = SETTLED_BOUNDS.get(item)
      if (settled !== undefined) {
        total += settled
      } else if (Array.isArray(item)) {
        total += 2 + item.length
        // A page of settled entries adds their bounds here, none pushed and popped one by one.
        for (let i = 0; i < item.length; i++) {
          const element: unknown = item[i]
          const bound = typeof element === 'object' && element !== null ? SETTLED_BOUNDS.get(element) : undefined
          if (bound === undefined) stack.push(element)
          else total += bound
        }
      } else {
        // toJSON (Date, Buffer…) can print anything: measure such values exactly.
        if (typeof (item as { toJSON?: unknown }).toJSON === 'function') return Number.POSITIVE_INFINITY
        // for…in with an own-property check, not Object.entries: no array per object (a page of 500 has thousands).
        for (const key in item) {
          if (!Object.hasOwn(item, key)) continue
          total += 4 + 6 * key.length
          stack.push((item as Record<string, unknown>)[key])
        }
        total += 2
      }
    }
  }
  return total
}

/** Alternatives one pattern's braces may expand to (fs globs, D3; view patterns, E20.1), so `{a,b}{a,b}…` cannot explode. */
export const MAX_BRACE_ALTERNATIVES = 1024

/** A view's name (E20.1) has at most this many characters. */
export const MAX_VIEW_NAME_CHARS = 64
/** An agent's token (E11.2, E20.4) has at least this many characters; shorter ones are guessable. */
export const MIN_TOKEN_CHARS = 16
