/**
 * One definition per function. The spec (src/schemas/functions.ts) holds its id, description,
 * metadata and the zod schemas its input is decoded with and its formats published from;
 * `defineFunction(id, handler)` binds the handler to that spec, and the compiler holds the handler's
 * input to exactly what the spec's input schema decodes a payload to (as the MCP SDK's
 * `registerTool` ties a tool's schema to its callback).
 */
import { FUNCTION_BY_ID, type FunctionId, type FunctionInput, type FunctionSpec } from '../schemas/functions.js'
import type { Deps } from './deps.js'
import { guardResponse, type Handler } from './response-guard.js'

/** A handler as its callers hold it: they pass only a payload the spec's input schema decoded. */
export type DecodedHandler = (input: unknown, deps: Deps) => Promise<unknown>

export interface DefinedFunction {
  spec: FunctionSpec
  /** The handler behind the response guard (response-guard.ts). */
  handle: DecodedHandler
}

export function defineFunction<Id extends FunctionId>(id: Id, handler: Handler<FunctionInput<Id>>): DefinedFunction {
  const spec = FUNCTION_BY_ID.get(id) as FunctionSpec
  // Sound: worker.ts and skills::rpc decode every payload with `spec.input` before calling `handle`.
  return { spec, handle: guardResponse(handler) as DecodedHandler }
}
