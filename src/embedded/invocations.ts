/**
 * Calls routed to a socket worker that have not answered yet, keyed by the invocation id the callee
 * saw. The engine has no invocation timeout (spec §5): an entry lives until the callee answers or
 * either side disconnects, which is why cleanup needs `takeInvolving`.
 */
import type { WorkerConnection } from './connection.js'
import type { ErrorBody } from './protocol.js'

export type Outcome = { ok: true; result: unknown } | { ok: false; error: ErrorBody }

export type Caller =
  | { kind: 'worker'; worker: WorkerConnection }
  | { kind: 'internal'; settle: (outcome: Outcome) => void }
  | { kind: 'void'; worker?: WorkerConnection }

interface PendingInvocation {
  id: string
  functionId: string
  callee: WorkerConnection
  caller: Caller
}

export class PendingInvocations {
  private readonly pending = new Map<string, PendingInvocation>()

  add(invocation: PendingInvocation): void {
    this.pending.set(invocation.id, invocation)
  }

  take(id: string): PendingInvocation | undefined {
    const invocation = this.pending.get(id)
    this.pending.delete(id)
    return invocation
  }

  countFor(worker: WorkerConnection): number {
    let n = 0
    for (const p of this.pending.values()) if (p.callee === worker) n++
    return n
  }

  /** Removes and returns every invocation `worker` takes part in, as callee or as caller. */
  takeInvolving(worker: WorkerConnection): PendingInvocation[] {
    const taken: PendingInvocation[] = []
    for (const [id, p] of this.pending) {
      const callerWorker = p.caller.kind === 'internal' ? undefined : p.caller.worker
      if (p.callee === worker || callerWorker === worker) {
        this.pending.delete(id)
        taken.push(p)
      }
    }
    return taken
  }

  takeAll(): PendingInvocation[] {
    const all = [...this.pending.values()]
    this.pending.clear()
    return all
  }
}
