/**
 * Function ids → who runs them. A socket worker owns the ids it registered (last writer wins, spec
 * §1.3); built-ins are owned by an in-process worker name and run a local handler. Built-in ids are
 * not overridable: letting a worker shadow `state::set` would leave the engine without it once that
 * worker went away.
 */
import type { WorkerConnection } from './connection.js'
import { compareUtf8 } from './rust-order.js'

interface BuiltinContext {
  /** Set when a socket worker made the call (`_caller_worker_id`). */
  callerWorkerId?: string
}

/** Returns the result (undefined = "no value", omitted on the wire) or throws a BuiltinError. */
type BuiltinHandler = (input: unknown, ctx: BuiltinContext) => unknown

export class BuiltinError extends Error {
  constructor(readonly code: string, message: string) {
    super(message)
  }
}

interface FunctionInfo {
  description?: string
  request_format?: unknown
  response_format?: unknown
  metadata?: unknown
}

export type FunctionEntry = FunctionInfo & { id: string } & (
  | { kind: 'worker'; owner: WorkerConnection }
  | { kind: 'builtin'; workerName: string; handler: BuiltinHandler }
)

export class FunctionRegistry {
  private readonly entries = new Map<string, FunctionEntry>()
  private readonly listeners = new Set<() => void>()

  /** Called after every worker registration or removal (built-ins are installed once, at start); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private changed(): void {
    for (const listener of this.listeners) listener()
  }

  get(id: string): FunctionEntry | undefined {
    return this.entries.get(id)
  }

  all(): FunctionEntry[] {
    return [...this.entries.values()].sort((a, b) => compareUtf8(a.id, b.id))
  }

  registerBuiltin(id: string, workerName: string, handler: BuiltinHandler, info: FunctionInfo = {}): void {
    this.entries.set(id, { id, kind: 'builtin', workerName, handler, ...info })
  }

  /** Returns the previous socket owner when it was another worker, or 'builtin' when refused. */
  registerWorker(id: string, owner: WorkerConnection, info: FunctionInfo): WorkerConnection | 'builtin' | undefined {
    const previous = this.entries.get(id)
    if (previous?.kind === 'builtin') return 'builtin'
    this.entries.set(id, { id, kind: 'worker', owner, ...info })
    this.changed()
    return previous !== undefined && previous.owner !== owner ? previous.owner : undefined
  }

  /** Removes `id` only if `owner` still owns it (a later writer keeps it). */
  unregister(id: string, owner: WorkerConnection): boolean {
    const entry = this.entries.get(id)
    if (entry?.kind !== 'worker' || entry.owner !== owner) return false
    this.entries.delete(id)
    this.changed()
    return true
  }

  removeOwnedBy(owner: WorkerConnection): string[] {
    const removed: string[] = []
    for (const [id, entry] of this.entries) {
      if (entry.kind === 'worker' && entry.owner === owner) {
        this.entries.delete(id)
        removed.push(id)
      }
    }
    if (removed.length > 0) this.changed()
    return removed
  }

  countOwnedBy(owner: WorkerConnection): number {
    let n = 0
    for (const entry of this.entries.values()) if (entry.kind === 'worker' && entry.owner === owner) n++
    return n
  }
}
