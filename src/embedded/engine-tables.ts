/**
 * What the message handlers (invoke.ts, trigger-routing.ts) need of the engine: its three tables
 * and its log. Engine implements it; the handlers depend on this, not on the class that calls them.
 */
import type { Logger } from 'pino'
import type { FunctionRegistry } from './function-registry.js'
import type { PendingInvocations } from './invocations.js'
import type { TriggerRegistry } from './trigger-registry.js'

export interface EngineTables {
  readonly functions: FunctionRegistry
  readonly invocations: PendingInvocations
  readonly triggers: TriggerRegistry
  readonly log: Logger
}
