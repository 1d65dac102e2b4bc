/**
 * `skills::in-view` (internal, E20.2–E20.3): one of this worker's functions run on a view of the
 * catalogue. The MCP front of a view (`/mcp/views/{name}`, `--view`) calls every function through
 * it, so the 13 upstream functions keep their payloads and answers while a view applies to them
 * where they read (view-deps.ts). A function's errors come back as they would from a direct call.
 */
import { IN_VIEW_FUNCTION, SkillsError, messages as msg } from '../core/index.js'
import { ANY_VALUE, InViewInput, parseInput } from '../schemas/index.js'
import { defineFunction, type DefinedFunction } from './define.js'
import { DEFINITION_BY_ID } from './registry.js'
import { depsInView } from './view-deps.js'

export const skillsInView: DefinedFunction = defineFunction({
  id: IN_VIEW_FUNCTION,
  description: "Internal: calls one of this worker's functions on a view of the catalogue (config.yaml `views:`); outside the view a skill or prompt does not exist.",
  input: { schema: InViewInput, schemaTitle: 'InViewInput' },
  output: ANY_VALUE,
  metadata: { internal: true },
}, async (input, deps) => {
  // A view's own calls of this function come through itself (view-deps.ts: only its own name is known there).
  const target = input.function_id === IN_VIEW_FUNCTION ? skillsInView : DEFINITION_BY_ID.get(input.function_id)
  if (target === undefined) throw new SkillsError(msg.notThisWorkers(input.function_id))
  const viewed = depsInView(deps, input.view)
  return target.handle(parseInput(target.spec.input, input.payload), viewed)
})
