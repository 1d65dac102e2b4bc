/**
 * One definition per function: `defineFunction({id, description, input, output, tool}, handler)` holds
 * its id, exact description (§1.1), metadata (D6), its MCP tool's face (E22.1), the zod schemas its
 * input is decoded with and its draft-07 formats published from (D7), and the handler, whose input
 * the compiler holds to exactly what the input schema decodes a payload to and whose answer to what
 * the output schema describes (E22.2), as the MCP SDK's `registerTool` ties a tool's schemas to its
 * callback. Each handler sits behind the response guard, so no answer exceeds what the engine accepts
 * in one frame. The registry (registry.ts) is the list of these.
 */
import type { z } from 'zod'
import { encodeToolName, isJsonObject } from '../core/index.js'
import { toDraft07, type JsonSchema, type Published } from '../schemas/index.js'
import type { Deps } from './deps.js'
import { guardResponse, type Handler } from './response-guard.js'
import { depsInView } from './view-deps.js'

/** MCP tool annotations (E12.6) a function of this worker can vouch for. */
export interface ToolAnnotations {
  readOnlyHint?: boolean
  idempotentHint?: boolean
}

/**
 * Only reads, and the same call gives the same answer until the catalogue changes: every public
 * function of this worker.
 */
export const READ_ONLY: ToolAnnotations = Object.freeze({ readOnlyHint: true, idempotentHint: true })

/**
 * E22.1: what an MCP client shows of a public function: its tool name (bridge §1.4), title and
 * annotations, and how the server instructions name it (E12.6): a tool to find a skill or to read
 * one, and what for.
 */
export interface ToolFace {
  name: string
  title: string
  annotations: ToolAnnotations
  role: 'find' | 'read'
  hint: string
}

/** One function as registered. */
export interface FunctionSpec<Id extends string = string> {
  id: Id
  description: string
  metadata: Record<string, unknown>
  /** Public functions: the face of their MCP tool (none for internal ones and for upstream's without one). */
  tool?: ToolFace
  input: z.ZodTypeAny
  output: z.ZodTypeAny
  request_format: JsonSchema
  response_format: JsonSchema
}

/** A handler as its callers hold it: they pass only a payload the spec's input schema decoded. */
export type DecodedHandler = (input: unknown, deps: Deps) => Promise<unknown>

/** A spec with its schemas' own types, so a caller's view of the answer is inferred from them (E22.2). */
type TypedSpec<Id extends string, Input extends z.ZodTypeAny, Output extends z.ZodTypeAny> =
  Omit<FunctionSpec<Id>, 'input' | 'output'> & { input: Input; output: Output }

export interface DefinedFunction<Id extends string = string, Input extends z.ZodTypeAny = z.ZodTypeAny, Output extends z.ZodTypeAny = z.ZodTypeAny> {
  spec: TypedSpec<Id, Input, Output>
  /** The handler behind the response guard (response-guard.ts). */
  handle: DecodedHandler
}

export interface FunctionDefinition<Id extends string, Input extends z.ZodTypeAny, Output extends z.ZodTypeAny> {
  id: Id
  description: string
  input: Published<Input>
  output: Published<Output>
  /** `{internal: true}` for functions no tool list shows (E5); public ones have none. */
  metadata?: Record<string, unknown>
  /** A public function's MCP tool: its title and annotations (the name is the id's, bridge §1.4). */
  tool?: Omit<ToolFace, 'name'>
}

export function defineFunction<Id extends string, Input extends z.ZodTypeAny, Output extends z.ZodTypeAny>(
  definition: FunctionDefinition<Id, Input, Output>,
  handler: Handler<z.output<Input>, z.input<Output>>,
): DefinedFunction<Id, Input, Output> {
  const { id, description, input, output, metadata = {}, tool } = definition
  const spec: TypedSpec<Id, Input, Output> = {
    id,
    description,
    metadata,
    ...(tool === undefined ? {} : { tool: { name: encodeToolName(id), ...tool } }),
    input: input.schema,
    output: output.schema,
    request_format: toDraft07(input.schema, input.schemaTitle, input.definitions),
    response_format: toDraft07(output.schema, output.schemaTitle, output.definitions),
  }
  // Sound: the worker and skills::rpc decode every payload with `spec.input` before calling `handle`.
  return { spec, handle: guardResponse(inViewGiven(handler as Handler<z.output<Input>>)) as DecodedHandler }
}

/**
 * E20.2: a function whose input has a `view` (only those whose schema has the field keep it after
 * decoding) runs on that view's Deps; through a view already, only that view's name is known.
 */
function inViewGiven<I, O>(handler: Handler<I, O>): Handler<I, O> {
  return (input, deps) => {
    const view = isJsonObject(input) && typeof input.view === 'string' ? input.view : undefined
    return handler(input, view === undefined ? deps : depsInView(deps, view))
  }
}
