/**
 * The in-process `iii-state` worker: `state::set/get/delete/update/list/list_groups` with the
 * engine's exact result shapes (spec §3), and the `state` trigger type, which calls bound functions
 * after every matching mutation (engine-internal calls: binding metadata, no `_caller_worker_id`).
 * Like iii-state's live `triggers_enabled` setting, the returned switch stops (and restarts) firing
 * `state` triggers; bindings stay registered and listed either way. With a journal (`--state-file`)
 * a mutation is answered, and its triggers fire, only once the journal has it on disk.
 */
import type { Engine } from './engine.js'
import * as msg from './messages.js'
import { DecodeError, decodeStruct, invalidType, type FieldSpec } from './serde.js'
import type { StateMap } from './state-map.js'
import type { Mutation } from './state-journal/records.js'
import type { Binding } from './trigger-registry.js'
import { applyUpdateOps, decodeUpdateOp } from './update-ops.js'

export const STATE_WORKER = 'iii-state'
export const STATE_TRIGGER_TYPE = 'state'

type EventType = 'state:created' | 'state:updated' | 'state:deleted'

interface StateTrigger {
  binding: Binding
  scope?: string
  key?: string
  condition?: string
}

const str: FieldSpec = { kind: 'string' }
const optStr: FieldSpec = { kind: 'string', optional: true }
const KEYED = { scope: str, key: str }

interface StateTriggerSwitch {
  triggersEnabled: boolean
}

/** Where mutations go to be made durable; without one, state lives in memory only. */
interface StateDurability {
  write(m: Mutation): Promise<void>
}

export function installStateBuiltins(
  engine: Engine, store: StateMap, journal?: StateDurability, triggersEnabled = true,
): StateTriggerSwitch {
  const triggers = new Map<string, StateTrigger>()
  const settings: StateTriggerSwitch = { triggersEnabled }

  const fire = (event_type: EventType, scope: string, key: string, old: unknown, now: unknown) => {
    if (!settings.triggersEnabled) return
    const matching = [...triggers.values()].filter((t) => (t.scope ?? scope) === scope && (t.key ?? key) === key)
    if (matching.length === 0) return
    const event = { type: 'state', event_type, scope, key, old_value: old ?? null, new_value: now ?? null }
    setImmediate(() => void runTriggers(engine, matching, event))
  }

  // In memory the answer stays synchronous, so replies keep their frame order as before.
  const afterDurable = <T>(m: Mutation, answer: () => T): T | Promise<T> =>
    journal === undefined ? answer() : journal.write(m).then(answer)

  const register = (id: string, description: string, handler: (input: unknown) => unknown) =>
    engine.functions.registerBuiltin(id, STATE_WORKER, handler, { description })

  register('state::set', 'Set a value in state', (input) => {
    const { scope, key, value } = decodeStruct('StateSetInput', input, { ...KEYED, value: { kind: 'any', alias: 'data' } }) as {
      scope: string; key: string; value: unknown
    }
    const old = store.set(scope, key, value)
    return afterDurable({ op: 'set', scope, key, value }, () => {
      fire(old ? 'state:updated' : 'state:created', scope, key, old?.value, value)
      return { old_value: old?.value ?? null, new_value: value }
    })
  })
  register('state::get', 'Get a value from state', (input) => {
    const { scope, key } = decodeStruct('StateGetInput', input, KEYED) as { scope: string; key: string }
    return store.get(scope, key)?.value
  })
  register('state::delete', 'Delete a value from state', (input) => {
    const { scope, key } = decodeStruct('StateDeleteInput', input, KEYED) as { scope: string; key: string }
    const old = store.delete(scope, key)
    const answer = () => {
      fire('state:deleted', scope, key, old?.value, null)
      return old?.value
    }
    return old === undefined ? answer() : afterDurable({ op: 'delete', scope, key }, answer)
  })
  register('state::update', 'Update a value in state', (input) => {
    const f = decodeStruct('StateUpdateInput', input, { ...KEYED, ops: { kind: 'any' } })
    if (!Array.isArray(f.ops)) throw new DecodeError(invalidType(f.ops, 'a sequence'))
    const ops = f.ops.map(decodeUpdateOp)
    const [scope, key] = [f.scope as string, f.key as string]
    store.touch(scope)
    const old = store.get(scope, key)
    const { value, errors } = applyUpdateOps(old?.value, ops)
    store.set(scope, key, value)
    return afterDurable({ op: 'set', scope, key, value }, () => {
      fire(old ? 'state:updated' : 'state:created', scope, key, old?.value, value)
      return { old_value: old?.value ?? null, new_value: value, errors: errors.length > 0 ? errors : undefined }
    })
  })
  register('state::list', 'Get a group from state', (input) => {
    const { scope } = decodeStruct('StateGetGroupInput', input, { scope: str }) as { scope: string }
    return store.list(scope)
  })
  register('state::list_groups', 'List all state groups', (input) => {
    decodeStruct('StateListGroupsInput', input, {})
    return { groups: store.groups() }
  })

  engine.triggers.types.set(STATE_TRIGGER_TYPE, {
    id: STATE_TRIGGER_TYPE,
    description: 'State trigger',
    kind: 'builtin',
    workerName: STATE_WORKER,
    handler: {
      register(binding) {
        const c = decodeStruct('StateTriggerConfig', binding.config, { scope: optStr, key: optStr, condition_function_id: optStr })
        triggers.set(binding.id, {
          binding, scope: c.scope as string | undefined, key: c.key as string | undefined, condition: c.condition_function_id as string | undefined,
        })
      },
      unregister(binding) {
        triggers.delete(binding.id)
      },
    },
  })
  return settings
}

/** One spawned task per mutation: the matching bindings, in order, each awaited. */
async function runTriggers(engine: Engine, matching: StateTrigger[], event: object): Promise<void> {
  for (const t of matching) {
    const functionId = t.binding.function_id
    try {
      if (t.condition !== undefined && !(await engine.call(t.condition, event))) continue
      await engine.call(functionId, event, { metadata: t.binding.metadata })
    } catch (err) {
      engine.log.warn({ function_id: functionId, err: (err as Error).message }, msg.LOG_STATE_TRIGGER_FAILED)
    }
  }
}
