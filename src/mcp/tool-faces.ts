/**
 * E12.6: what a client shows of a tool (full profile): a `title` — ours from the function's own
 * definition (E22.1, TOOL_FACES), another worker's from its metadata's `tool.label` (D6's form) —
 * and, for the skills worker's functions, the annotations their definitions vouch for. Another
 * worker's function gets no hint: this front cannot know what it does.
 */
import { isJsonObject, type JsonObject } from '../core/index.js'
import { TOOL_FACES } from '../functions/index.js'

// {function_id:"skill::search"} => {title:"Search skills", annotations:{readOnlyHint:true, idempotentHint:true}}
export function toolFace(fn: JsonObject & { function_id: string }): JsonObject {
  const own = TOOL_FACES.get(fn.function_id)
  if (own !== undefined) return { title: own.title, annotations: own.annotations }
  const tool = isJsonObject(fn.metadata) && isJsonObject(fn.metadata.tool) ? fn.metadata.tool : {}
  return typeof tool.label === 'string' ? { title: tool.label } : {}
}
