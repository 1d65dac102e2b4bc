/**
 * resources/* and prompts/* are answered by the skills worker (bridge §1.3, skills §13):
 * MCP `params` go through verbatim (`{}` when absent or null). A missing delegate, a "not found"
 * error or a non-object reply becomes the method's empty envelope, as a success; any other
 * failure is -32603 with the error's display string. The bridge profile then trims nested URIs
 * (§1.6); the full profile serves the whole tree.
 */
import { INDEX_URI } from '../core/uri.js'
import type { Logger } from 'pino'
import { errorDisplay, isMissingFunction } from './backend-errors.js'
import { INTERNAL_ERROR, RpcError } from './jsonrpc.js'
import * as msg from './messages.js'
import { withoutDeepIndexLines, withoutNestedResources } from './nested-uris.js'
import type { McpBackend, McpProfile } from './types.js'
import { isJsonObject, type JsonObject } from '../core/json-object.js'


interface Delegate {
  functionId: string
  /** Asked first on the full profile; a worker without it (upstream's) gets `functionId` (E5.4). */
  fullFunctionId?: string
  emptyKey: string
  /** What the v0.5.8 bridge does to the result before answering (bridge profile only). */
  bridgeView?: (result: JsonObject, params: unknown) => JsonObject
}

export const DELEGATES: Readonly<Record<string, Delegate>> = Object.freeze({
  'resources/list': {
    functionId: 'skills::resources-list', fullFunctionId: 'skills::mcp-resources-list', emptyKey: 'resources', bridgeView: withoutNestedResources,
  },
  'resources/read': {
    functionId: 'skills::resources-read',
    emptyKey: 'contents',
    bridgeView: (result, params) => (isJsonObject(params) && params.uri === INDEX_URI ? withoutDeepIndexLines(result) : result),
  },
  'resources/templates/list': { functionId: 'skills::resources-templates', emptyKey: 'resourceTemplates' },
  'prompts/list': { functionId: 'prompts::mcp-list', emptyKey: 'prompts' },
  'prompts/get': { functionId: 'prompts::mcp-get', emptyKey: 'messages' },
})

export async function callDelegate(
  delegate: Delegate,
  params: unknown,
  backend: McpBackend,
  log: Logger,
  profile: McpProfile,
): Promise<JsonObject> {
  if (profile === 'full' && delegate.fullFunctionId !== undefined) {
    const full = await invokeOrEmpty({ ...delegate, functionId: delegate.fullFunctionId }, params ?? {}, backend, log, true)
    if (full !== undefined) return full
  }
  const result = await invokeOrEmpty(delegate, params ?? {}, backend, log)
  return profile === 'bridge' && delegate.bridgeView ? delegate.bridgeView(result, params) : result
}

async function invokeOrEmpty(delegate: Delegate, payload: unknown, backend: McpBackend, log: Logger): Promise<JsonObject>
async function invokeOrEmpty(delegate: Delegate, payload: unknown, backend: McpBackend, log: Logger, undefinedWhenMissing: true): Promise<JsonObject | undefined>
async function invokeOrEmpty(delegate: Delegate, payload: unknown, backend: McpBackend, log: Logger, undefinedWhenMissing = false): Promise<JsonObject | undefined> {
  const empty = { [delegate.emptyKey]: [] }
  let result: unknown
  try {
    result = await backend.invoke(delegate.functionId, payload)
  } catch (error) {
    log.debug({ function_id: delegate.functionId, error: errorDisplay(error) }, msg.LOG.delegateFailed)
    if (isMissingFunction(error)) return undefinedWhenMissing ? undefined : empty
    throw new RpcError(INTERNAL_ERROR, errorDisplay(error))
  }
  return isJsonObject(result) ? result : empty
}
