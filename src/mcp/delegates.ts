/**
 * resources/* and prompts/* are answered by the skills worker (bridge §1.3, skills §13):
 * MCP `params` go through verbatim (`{}` when absent or null). A missing delegate, a "not found"
 * error or a non-object reply becomes the method's empty envelope, as a success; any other
 * failure is -32603 with the error's display string. The bridge profile then trims nested URIs
 * (§1.6); the full profile serves the whole tree.
 */
import { INDEX_URI, messages as coreMsg, isJsonObject, type JsonObject } from '../core/index.js'
import type { Logger } from 'pino'
import { errorDisplay, errorText, isAbsentFunction, isMissingFunction } from './backend-errors.js'
import { INTERNAL_ERROR, INVALID_PARAMS, RpcError } from './jsonrpc.js'
import { withClientToolNames } from './agent-texts.js'
import * as msg from './messages.js'
import { withoutDeepIndexLines, withoutNestedResources } from './nested-uris.js'
import type { McpBackend, McpProfile } from './types.js'


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
  if (profile === 'full' && delegate.functionId === READ_FUNCTION) return withClientToolNames(await readResource(params, backend, log))
  if (profile === 'full' && delegate.fullFunctionId !== undefined) {
    const full = await invokeOrEmpty({ ...delegate, functionId: delegate.fullFunctionId }, params ?? {}, backend, log, profile, true)
    if (full !== undefined) return full
  }
  const result = await invokeOrEmpty(delegate, params ?? {}, backend, log, profile)
  return profile === 'bridge' && delegate.bridgeView ? delegate.bridgeView(result, params) : result
}

const READ_FUNCTION = 'skills::resources-read'

/**
 * resources/read on the full profile (E12.2, E12.7): a resource the worker does not serve is -32602
 * with the worker's own text and the URI as `data`, never empty `contents`; only a worker without
 * the function (upstream's, or none yet) still reads as empty.
 */
async function readResource(params: unknown, backend: McpBackend, log: Logger): Promise<JsonObject> {
  try {
    const result = await backend.invoke(READ_FUNCTION, params ?? {})
    return isJsonObject(result) ? result : { contents: [] }
  } catch (error) {
    log.debug({ function_id: READ_FUNCTION, error: errorDisplay(error) }, msg.LOG.delegateFailed)
    if (isAbsentFunction(error)) return { contents: [] }
    const uri = isJsonObject(params) && typeof params.uri === 'string' ? params.uri : undefined
    if (uri !== undefined && isUnknownResource(error, uri)) throw new RpcError(INVALID_PARAMS, errorText(error, 'full'), { uri })
    throw new RpcError(INTERNAL_ERROR, errorText(error, 'full'))
  }
}

/** The worker's answer for a URI it does not serve: "… not found: …" or a URI outside its schemes. */
function isUnknownResource(error: unknown, uri: string): boolean {
  return isMissingFunction(error) || errorText(error, 'full') === coreMsg.uriMissingScheme(uri)
}

type Invoke = (delegate: Delegate, payload: unknown, backend: McpBackend, log: Logger, profile: McpProfile) => Promise<JsonObject>
async function invokeOrEmpty(...args: Parameters<Invoke>): Promise<JsonObject>
async function invokeOrEmpty(...args: [...Parameters<Invoke>, undefinedWhenMissing: true]): Promise<JsonObject | undefined>
async function invokeOrEmpty(
  delegate: Delegate, payload: unknown, backend: McpBackend, log: Logger, profile: McpProfile, undefinedWhenMissing = false,
): Promise<JsonObject | undefined> {
  const empty = { [delegate.emptyKey]: [] }
  let result: unknown
  try {
    result = await backend.invoke(delegate.functionId, payload)
  } catch (error) {
    log.debug({ function_id: delegate.functionId, error: errorDisplay(error) }, msg.LOG.delegateFailed)
    if (isMissingFunction(error)) return undefinedWhenMissing ? undefined : empty
    throw new RpcError(INTERNAL_ERROR, errorText(error, profile))
  }
  return isJsonObject(result) ? result : empty
}
