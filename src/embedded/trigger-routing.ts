/**
 * Trigger frames (spec §2): bindings are forwarded to the type's provider or parked until one
 * appears; a provider (re)registering a type receives every live binding again plus the parked
 * ones; an error `triggerregistrationresult` parks the binding and is forwarded to whoever asked.
 */
import type { WorkerConnection } from './connection.js'
import type { EngineTables } from './engine-tables.js'
import * as msg from './messages.js'
import type { RegisterTriggerMsg, RegisterTriggerTypeMsg, TriggerRegistrationResultMsg } from './protocol.js'
import type { Binding, TriggerTypeEntry } from './trigger-registry.js'

function registerFrame(b: Binding): object {
  return { type: 'registertrigger', id: b.id, trigger_type: b.trigger_type, function_id: b.function_id, config: b.config, metadata: b.metadata }
}

function resultFrame(b: Binding, error: unknown): object {
  return { type: 'triggerregistrationresult', id: b.id, trigger_type: b.trigger_type, function_id: b.function_id, error }
}

/** Hands `binding` to the provider of its (present) type; a built-in refusal parks it. */
function bind(engine: EngineTables, type: TriggerTypeEntry, binding: Binding): void {
  engine.triggers.activate(binding)
  if (type.kind === 'worker') {
    type.owner.send(registerFrame(binding))
    return
  }
  try {
    type.handler.register(binding)
  } catch (err) {
    const error = { code: msg.TRIGGER_REGISTRATION_FAILED, message: (err as Error).message }
    engine.triggers.park(binding)
    engine.log.warn({ trigger_id: binding.id, trigger_type: binding.trigger_type, error }, msg.LOG_TRIGGER_REGISTRATION_FAILED)
    binding.owner.send(resultFrame(binding, error))
  }
}

/** Tells the provider a binding is gone. */
export function unbind(engine: EngineTables, binding: Binding, except?: WorkerConnection): void {
  const type = engine.triggers.types.get(binding.trigger_type)
  if (type === undefined) return
  if (type.kind === 'builtin') type.handler.unregister(binding)
  else if (type.owner !== except) type.owner.send({ type: 'unregistertrigger', id: binding.id, trigger_type: binding.trigger_type })
}

export function handleRegisterTriggerType(engine: EngineTables, conn: WorkerConnection, m: RegisterTriggerTypeMsg): void {
  if (engine.triggers.types.get(m.id)?.kind === 'builtin') {
    engine.log.warn({ worker_id: conn.id, trigger_type: m.id }, msg.LOG_BUILTIN_PROTECTED)
    return
  }
  const type: TriggerTypeEntry = { id: m.id, description: m.description, kind: 'worker', owner: conn }
  engine.triggers.types.set(m.id, type)
  const { live, parked } = engine.triggers.ofType(m.id)
  for (const binding of [...live, ...parked]) bind(engine, type, binding)
}

export function handleRegisterTrigger(engine: EngineTables, conn: WorkerConnection, m: RegisterTriggerMsg): void {
  const previous = engine.triggers.remove(m.id)
  if (previous !== undefined) {
    const type = engine.triggers.types.get(previous.trigger_type)
    if (type?.kind === 'builtin') type.handler.unregister(previous)
  }
  const binding: Binding = {
    id: m.id, trigger_type: m.trigger_type, function_id: m.function_id, config: m.config, metadata: m.metadata, owner: conn,
  }
  const type = engine.triggers.types.get(m.trigger_type)
  if (type === undefined) {
    engine.triggers.park(binding)
    engine.log.warn({ trigger_id: m.id, trigger_type: m.trigger_type, function_id: m.function_id }, msg.LOG_TRIGGER_PARKED)
    return
  }
  bind(engine, type, binding)
}

export function handleUnregisterTrigger(engine: EngineTables, m: { id: string }): void {
  const binding = engine.triggers.remove(m.id)
  if (binding !== undefined) unbind(engine, binding)
}

export function handleRegistrationResult(engine: EngineTables, conn: WorkerConnection, m: TriggerRegistrationResultMsg): void {
  const type = engine.triggers.types.get(m.trigger_type)
  if (type?.kind !== 'worker' || type.owner !== conn || m.error === undefined) return
  const binding = engine.triggers.live.get(m.id)
  if (binding === undefined) return
  engine.triggers.park(binding)
  engine.log.warn({ trigger_id: m.id, trigger_type: m.trigger_type, error: m.error }, msg.LOG_TRIGGER_REGISTRATION_FAILED)
  binding.owner.send(resultFrame(binding, m.error))
}

/** Spec §5 steps 3–5 for a departing worker. */
export function releaseTriggersOf(engine: EngineTables, conn: WorkerConnection): void {
  const owned = engine.triggers.ownedBy(conn)
  for (const binding of owned.live) {
    engine.triggers.remove(binding.id)
    unbind(engine, binding, conn)
  }
  for (const binding of owned.parked) engine.triggers.remove(binding.id)
  for (const type of owned.types) {
    engine.triggers.types.delete(type.id)
    for (const binding of engine.triggers.ofType(type.id).live) engine.triggers.park(binding)
  }
}
