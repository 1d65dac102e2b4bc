/**
 * The engine's `engine::functions-available` trigger type (protocol §4): bound functions
 * are called with `{event: "functions_changed", functions: [FunctionSummary]}` when the set of
 * registered functions changes. The real engine polls every 5 s; the embedded one reports each
 * change as it happens (one call per binding per turn of the event loop, however many
 * registrations that turn made), so a client learns of a new or departed function at once.
 */
import { ENGINE_WORKER, isHiddenFunction, summarize } from './builtins-engine.js'
import type { Engine } from './engine.js'
import * as msg from './messages.js'
import type { Binding } from './trigger-registry.js'

const FUNCTIONS_AVAILABLE_TRIGGER_TYPE = 'engine::functions-available'

export function installFunctionsAvailable(engine: Engine): void {
  const bindings = new Map<string, Binding>()
  let scheduled = false

  const fire = async () => {
    scheduled = false
    const event = { event: 'functions_changed', functions: engine.functions.all().filter((e) => !isHiddenFunction(e)).map(summarize) }
    for (const binding of [...bindings.values()]) {
      try {
        await engine.call(binding.function_id, event, { metadata: binding.metadata })
      } catch (err) {
        engine.log.warn({ function_id: binding.function_id, err: (err as Error).message }, msg.LOG_FUNCTIONS_TRIGGER_FAILED)
      }
    }
  }

  engine.functions.onChange(() => {
    if (scheduled || bindings.size === 0) return
    scheduled = true
    setImmediate(() => void fire())
  })

  engine.triggers.types.set(FUNCTIONS_AVAILABLE_TRIGGER_TYPE, {
    id: FUNCTIONS_AVAILABLE_TRIGGER_TYPE,
    description: 'Functions available',
    kind: 'builtin',
    workerName: ENGINE_WORKER,
    handler: {
      register: (binding) => void bindings.set(binding.id, binding),
      unregister: (binding) => void bindings.delete(binding.id),
    },
  })
}
