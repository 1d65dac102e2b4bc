/**
 * The embedded engine's state in memory, the `kv` adapter's data model: scope → key → JSON value,
 * keys in first-insertion order (overwriting keeps the position; spec §3). Scopes emptied by
 * deletes stay listed, as in the engine's in-memory store. Values are cloned in and out so
 * in-process callers cannot alias them. Durability is the state journal's job (state-journal/).
 */
import { compareUtf8 } from './rust-order.js'

export type Found = { value: unknown } | undefined

export type StateSnapshot = Array<[scope: string, entries: Array<[key: string, value: unknown]>]>

export class StateMap {
  private readonly scopes = new Map<string, Map<string, unknown>>()

  get(scope: string, key: string): Found {
    const s = this.scopes.get(scope)
    return s?.has(key) ? { value: structuredClone(s.get(key)) } : undefined
  }

  set(scope: string, key: string, value: unknown): Found {
    const s = this.scope(scope)
    const old: Found = s.has(key) ? { value: s.get(key) } : undefined
    s.set(key, structuredClone(value))
    return old
  }

  delete(scope: string, key: string): Found {
    const s = this.scopes.get(scope)
    if (!s?.has(key)) return undefined
    const old = { value: s.get(key) }
    s.delete(key)
    return old
  }

  /** Creates the scope, like the engine's update. */
  touch(scope: string): void {
    this.scope(scope)
  }

  list(scope: string): unknown[] {
    return [...(this.scopes.get(scope)?.values() ?? [])].map((v) => structuredClone(v))
  }

  groups(): string[] {
    return [...this.scopes.keys()].sort(compareUtf8)
  }

  /** Live entries by scope, scopes emptied by deletes left out (they are not persisted). */
  snapshot(): StateSnapshot {
    return [...this.scopes].filter(([, entries]) => entries.size > 0).map(([scope, entries]) => [scope, [...entries]])
  }

  load(snapshot: StateSnapshot): void {
    this.scopes.clear()
    for (const [scope, entries] of snapshot) this.scopes.set(scope, new Map(entries))
  }

  private scope(scope: string): Map<string, unknown> {
    let s = this.scopes.get(scope)
    if (s === undefined) {
      s = new Map()
      this.scopes.set(scope, s)
    }
    return s
  }
}
