/**
 * E12.6: what a client shows of a tool (full profile): a `title` — ours from messages.ts, another
 * worker's from its metadata's `tool.label` (D6's form) — and, for the skills worker's functions,
 * the annotations that hold: every one of them only reads, and the same call gives the same answer
 * until the catalogue changes (`readOnlyHint`, `idempotentHint`). Another worker's function gets
 * no hint: this front cannot know what it does.
 */
import * as msg from './messages.js'
import { isJsonObject, type JsonObject } from '../core/index.js'

const READ_ONLY = Object.freeze({ readOnlyHint: true, idempotentHint: true })

// {function_id:"skill::search"} => {title:"Search skills", annotations:{readOnlyHint:true, idempotentHint:true}}
export function toolFace(fn: JsonObject & { function_id: string }): JsonObject {
  const own = Object.hasOwn(msg.TOOL_TITLES, fn.function_id) ? msg.TOOL_TITLES[fn.function_id] : undefined
  const tool = isJsonObject(fn.metadata) && isJsonObject(fn.metadata.tool) ? fn.metadata.tool : {}
  const title = own ?? (typeof tool.label === 'string' ? tool.label : undefined)
  return { ...(title === undefined ? {} : { title }), ...(own === undefined ? {} : { annotations: READ_ONLY }) }
}
