/**
 * tools/list and tools/call (bridge §1.4–§1.5): every non-hidden iii function is a tool
 * named by its id with `::` → `__`; a call runs the function and wraps its result as text, plus
 * `structuredContent` when the result is an object. A failed call is a tool result with
 * `isError`, not a JSON-RPC error. The full profile (E18.2, E18.4): a name `tools/list` does not show
 * is the protocol error -32602 `Unknown tool: {name}` and is never invoked; input schemas are
 * portable (one type per field, no `null`).
 */
import { decodeToolName, encodeToolName, MAX_PAYLOAD_BYTES, sortedPrettyJson, isAlwaysHidden, isJsonObject, portableSchema, type JsonObject } from '../core/index.js'
import type { Logger } from 'pino'
import { withClientToolNames } from './agent-texts.js'
import { toolFace } from './tool-faces.js'
import { errorDisplay, errorText } from './backend-errors.js'
import { INTERNAL_ERROR, INVALID_PARAMS, RpcError } from './jsonrpc.js'
import * as msg from './messages.js'
import type { McpBackend, McpProfile } from './types.js'

/**
 * `request_format` minus its top-level `name`/`description`, with `type: "object"` (clients
 * reject any other tool schema type). Everything else, `$schema`/`title`/`definitions` included, stays.
 */
export function inputSchemaOf(requestFormat: unknown): JsonObject {
  if (!isJsonObject(requestFormat)) return { type: 'object', properties: {} }
  const { name: _name, description: _description, ...rest } = requestFormat
  return { ...rest, type: 'object' }
}

type ListedFunction = JsonObject & { function_id: string }

/** The functions `tools/list` shows: every one the engine lists but the always-hidden. */
async function listedFunctions(backend: McpBackend, profile: McpProfile): Promise<ListedFunction[]> {
  let functions: unknown
  try {
    functions = await backend.listFunctions()
  } catch (error) {
    throw new RpcError(INTERNAL_ERROR, errorText(error, profile))
  }
  return (Array.isArray(functions) ? functions : [])
    .filter(isJsonObject)
    .filter((fn): fn is ListedFunction => typeof fn.function_id === 'string')
    .filter((fn) => !isAlwaysHidden(fn.function_id))
}

export async function listTools(backend: McpBackend, profile: McpProfile = 'bridge'): Promise<JsonObject> {
  const tools = (await listedFunctions(backend, profile)).map((fn) => ({
    name: encodeToolName(fn.function_id),
    description: typeof fn.description === 'string' ? fn.description : '',
    ...(profile === 'full'
      ? { inputSchema: portableSchema(inputSchemaOf(fn.request_format)), ...toolFace(fn) }
      : { inputSchema: inputSchemaOf(fn.request_format) }),
  }))
  return { tools }
}

export async function callTool(params: unknown, backend: McpBackend, log: Logger, profile: McpProfile = 'bridge'): Promise<JsonObject> {
  const name = isJsonObject(params) ? params.name : undefined
  if (typeof name !== 'string' || name === '') throw new RpcError(INVALID_PARAMS, msg.TOOL_NAME_REQUIRED)
  const functionId = decodeToolName(name)
  if (profile === 'full' && !(await listedFunctions(backend, profile)).some((fn) => encodeToolName(fn.function_id) === name)) {
    throw new RpcError(INVALID_PARAMS, msg.unknownTool(name))
  }
  if (isAlwaysHidden(functionId)) throw new RpcError(INVALID_PARAMS, msg.TOOL_NAME_HIDDEN)
  const args = isJsonObject(params) && isJsonObject(params.arguments) ? params.arguments : {}
  let result: unknown
  try {
    result = await backend.invoke(functionId, args)
  } catch (error) {
    log.debug({ function_id: functionId, error: errorDisplay(error) }, msg.LOG.toolCallFailed)
    return { content: [{ type: 'text', text: errorText(error, profile) }], isError: true }
  }
  const text = typeof result === 'string' ? result : sortedPrettyJson(result ?? null, MAX_PAYLOAD_BYTES)
  const content = [{ type: 'text', text }]
  const answer = isJsonObject(result) ? { content, structuredContent: result } : { content }
  return profile === 'full' ? withClientToolNames(answer) : answer
}
