/**
 * The embedded engine's state in memory, the `kv` adapter's data model: scope → key → JSON value,
 * keys in first-insertion order (overwriting keeps the position; protocol §3). Scopes emptied by
 * deletes stay listed, as in the engine's in-memory store. Each value is kept as its JSON text in
 * UTF-8: a read parses a fresh copy (in-process callers cannot alias what is stored), a replaced or
 * deleted value is parsed only if the caller looks at it, and a listing or a compaction hands the
 * stored bytes on without serialising anything (raw-json.ts). Durability is the state journal's job
 * (state-journal/).
 */
import { RawJson } from './raw-json.js'
import { compareUtf8 } from './rust-order.js'

export type Found = { value: unknown } | undefined

export type StateSnapshot = Array<[scope: string, entries: Array<[key: string, value: unknown]>]>

/** A value's JSON text in UTF-8; undefined for `undefined` (no JSON text), which lists as `null`. */
export type Stored = Buffer | undefined

export class StateMap {
  private readonly scopes = new Map<string, Map<string, Stored>>()

  get(scope: string, key: string): Found {
    const s = this.scopes.get(scope)
    return s?.has(key) ? { value: parse(s.get(key)) } : undefined
  }

  set(scope: string, key: string, value: unknown): Found {
    const s = this.scope(scope)
    const old = s.has(key) ? found(s.get(key)) : undefined
    const text = JSON.stringify(value) as string | undefined
    s.set(key, text === undefined ? undefined : Buffer.from(text))
    return old
  }

  delete(scope: string, key: string): Found {
    const s = this.scopes.get(scope)
    if (!s?.has(key)) return undefined
    const old = found(s.get(key))
    s.delete(key)
    return old
  }

  /** Creates the scope, like the engine's update. */
  touch(scope: string): void {
    this.scope(scope)
  }

  /** The scope's values in key order, as the pieces of one JSON array text. */
  list(scope: string): RawJson {
    const pieces = [OPEN]
    for (const text of this.scopes.get(scope)?.values() ?? []) {
      if (pieces.length > 1) pieces.push(COMMA)
      pieces.push(text ?? NULL)
    }
    pieces.push(CLOSE)
    return new RawJson(pieces)
  }

  groups(): string[] {
    return [...this.scopes.keys()].sort(compareUtf8)
  }

  /** Live entries by scope as stored, scopes emptied by deletes left out (they are not persisted). */
  storedEntries(): Array<[scope: string, entries: Array<[key: string, text: Stored]>]> {
    return [...this.scopes].filter(([, entries]) => entries.size > 0).map(([scope, entries]) => [scope, [...entries]])
  }

  /** `storedEntries` with each value parsed. */
  snapshot(): StateSnapshot {
    return this.storedEntries().map(([scope, entries]) => [scope, entries.map(([key, text]) => [key, parse(text)])])
  }

  /** Forgets the scopes deletes emptied, as a restart of the engine's file store does. */
  dropEmptyScopes(): void {
    for (const [scope, entries] of this.scopes) if (entries.size === 0) this.scopes.delete(scope)
  }

  private scope(scope: string): Map<string, Stored> {
    let s = this.scopes.get(scope)
    if (s === undefined) {
      s = new Map()
      this.scopes.set(scope, s)
    }
    return s
  }
}

function parse(text: Stored): unknown {
  return text === undefined ? undefined : JSON.parse(text.toString('utf8'))
}

/** A replaced or deleted value, parsed on first look (a journal replay never looks). */
function found(text: Stored): NonNullable<Found> {
  let value: { parsed: unknown } | undefined
  return {
    get value() {
      value ??= { parsed: parse(text) }
      return value.parsed
    },
  }
}

const [OPEN, COMMA, CLOSE, NULL] = ['[', ',', ']', 'null'].map((text) => Buffer.from(text)) as [Buffer, Buffer, Buffer, Buffer]
