/**
 * Trigger types (owned by a socket worker or built into the engine) and bindings, live or parked.
 * A binding is parked while its type has no provider, or after the provider refused it; parked
 * bindings are activated when a provider registers the type (spec §2). Pure bookkeeping: sending
 * frames is trigger-routing.ts's job.
 */
import type { WorkerConnection } from './connection.js'

export interface Binding {
  id: string
  trigger_type: string
  function_id: string
  config: unknown
  metadata?: unknown
  /** The worker whose `registertrigger` created it; it is removed when that worker leaves. */
  owner: WorkerConnection
}

/** An engine-provided trigger type such as `state`: it learns of bindings directly. */
interface BuiltinTriggerType {
  /** Throws to refuse the binding. */
  register(binding: Binding): void
  unregister(binding: Binding): void
}

export type TriggerTypeEntry = { id: string; description: string } & (
  | { kind: 'worker'; owner: WorkerConnection }
  | { kind: 'builtin'; workerName: string; handler: BuiltinTriggerType }
)

export class TriggerRegistry {
  readonly types = new Map<string, TriggerTypeEntry>()
  readonly live = new Map<string, Binding>()
  readonly parked = new Map<string, Binding>()

  find(id: string): Binding | undefined {
    return this.live.get(id) ?? this.parked.get(id)
  }

  remove(id: string): Binding | undefined {
    const binding = this.find(id)
    this.live.delete(id)
    this.parked.delete(id)
    return binding
  }

  park(binding: Binding): void {
    this.live.delete(binding.id)
    this.parked.set(binding.id, binding)
  }

  activate(binding: Binding): void {
    this.parked.delete(binding.id)
    this.live.set(binding.id, binding)
  }

  /** Live bindings of `type`, then the parked ones (activated by the caller). */
  ofType(type: string): { live: Binding[]; parked: Binding[] } {
    const pick = (m: Map<string, Binding>) => [...m.values()].filter((b) => b.trigger_type === type)
    return { live: pick(this.live), parked: pick(this.parked) }
  }

  ownedBy(worker: WorkerConnection): { live: Binding[]; parked: Binding[]; types: TriggerTypeEntry[] } {
    return {
      live: [...this.live.values()].filter((b) => b.owner === worker),
      parked: [...this.parked.values()].filter((b) => b.owner === worker),
      types: [...this.types.values()].filter((t) => t.kind === 'worker' && t.owner === worker),
    }
  }
}
