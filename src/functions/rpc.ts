/**
 * `skills::rpc` (E2): the Skills Protocol discovery methods as JSON-RPC 2.0, behind the
 * engine's `http` trigger. The POST body is one JSON-RPC request; its method names a discovery
 * function, whose own zod schema parses the params and whose own handler answers, so nothing here
 * repeats their rules. Errors map to JSON-RPC codes: invalid params or an unknown skill or file
 * (the function's message) -32602, an unknown method -32601, anything else -32603. The HTTP reply is
 * 200 with the JSON-RPC response, or 204 without a body for a notification.
 */
import type { z } from 'zod'
import { errorText, classifyRequest, INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND, rpcError, rpcResult, type RpcResponse, messages as msg } from '../core/index.js'
import { parseInput, type RpcHttpRequest, type RpcHttpResponse } from '../schemas/index.js'
import type { Deps } from './deps.js'
import type { Handler } from './response-guard.js'

/** JSON-RPC method => the function that serves it. */
export const RPC_METHODS: Readonly<Record<string, string>> = {
  list_skills: 'skill::list_skills',
  describe_skill: 'skill::describe_skill',
  read_skill_file: 'skill::read_skill_file',
}

interface RpcTarget {
  /** The function's input schema (src/schemas). */
  input: z.ZodTypeAny
  /** The function's handler (src/functions/index.ts), given only what `input` decoded. */
  handle: Handler<never>
}

export interface RpcDispatch {
  /** The function behind a method; undefined when this worker does not serve it. */
  target(functionId: string): RpcTarget | undefined
  /** Whether a handler's failure is the caller's (invalid params, unknown skill or file): -32602. */
  isInvalidParams(error: unknown): boolean
}

const JSON_HEADERS = Object.freeze({ 'content-type': 'application/json' })

/** The JSON-RPC response to one POST body, or undefined for a notification. */
export async function answerRpc(body: unknown, deps: Deps, dispatch: RpcDispatch): Promise<RpcResponse | undefined> {
  const frame = classifyRequest(body)
  if (frame.kind === 'invalid') return frame.response
  if (frame.kind === 'notification') return undefined
  const { id, method } = frame
  const target = Object.hasOwn(RPC_METHODS, method) ? dispatch.target(RPC_METHODS[method] as string) : undefined
  if (target === undefined) return rpcError(id, METHOD_NOT_FOUND, msg.rpcMethodNotFound(method))
  let input: unknown
  try {
    input = parseInput(target.input, frame.params ?? {})
  } catch (error) {
    return rpcError(id, INVALID_PARAMS, errorText(error))
  }
  try {
    return rpcResult(id, await target.handle(input as never, deps))
  } catch (error) {
    if (dispatch.isInvalidParams(error)) return rpcError(id, INVALID_PARAMS, errorText(error))
    deps.log.warn({ method, error: errorText(error) }, msg.RPC_LOG.internalError)
    return rpcError(id, INTERNAL_ERROR, errorText(error))
  }
}

/** 200 with the JSON-RPC response; 204 and no body (an empty body under any engine) for a notification. */
export function rpcHttpReply(response: RpcResponse | undefined): RpcHttpResponse {
  if (response === undefined) return { status_code: 204, headers: { ...JSON_HEADERS }, body: null }
  return { status_code: 200, headers: { ...JSON_HEADERS }, body: response }
}

/** The `skills::rpc` handler: the request envelope in, `{status_code, headers, body}` out. */
export function rpcHandler(dispatch: RpcDispatch): Handler<RpcHttpRequest> {
  return async (request, deps) => rpcHttpReply(await answerRpc(request.body, deps, dispatch))
}
