/**
 * Registers `skills::rpc` (internal) and binds it to the engine's `http` trigger
 * `{api_path: rpc_api_path, http_method: "POST"}` (E2), so the engine's HTTP worker
 * (iii-http, or the embedded engine's listener) serves `POST /{rpc_api_path}`. An empty
 * `rpc_api_path` registers the function but binds nothing. The SDK replays both after a reconnect.
 */
import type { IIIClient } from 'iii-sdk'
import { DEFAULT_RPC_API_PATH, RPC_LOG, InvalidParamsError } from '../core/index.js'
import type { Deps } from './deps.js'
import { guardResponse } from './response-guard.js'
import { rpcHandler, type RpcDispatch } from './rpc.js'
import { parseInput, RPC_FUNCTION } from '../schemas/index.js'
import { DEFINITION_BY_ID } from './registry.js'

/*
 * The discovery functions `skills::rpc` dispatches to, found by function id among the same
 * definitions the worker registers (registry.ts): one source of truth, so a JSON-RPC call
 * and a direct call of the function run the same code. Which failures are the caller's (-32602) the
 * functions say themselves, by throwing an InvalidParamsError.
 */
export const DISCOVERY_DISPATCH: RpcDispatch = {
  target(functionId) {
    const defined = DEFINITION_BY_ID.get(functionId)
    return defined === undefined ? undefined : { input: defined.spec.input, handle: defined.handle }
  },
  isInvalidParams: (error) => error instanceof InvalidParamsError,
}

export const HTTP_TRIGGER_TYPE = 'http'

export function registerRpcEndpoint(iii: IIIClient, deps: Deps, dispatch: RpcDispatch = DISCOVERY_DISPATCH): void {
  const handle = guardResponse(rpcHandler(dispatch))
  iii.registerFunction(RPC_FUNCTION.id, async (data: unknown) => handle(parseInput(RPC_FUNCTION.input, data), deps), {
    description: RPC_FUNCTION.description,
    request_format: RPC_FUNCTION.request_format,
    response_format: RPC_FUNCTION.response_format,
    metadata: RPC_FUNCTION.metadata,
  })
  const apiPath = deps.config.rpc_api_path ?? DEFAULT_RPC_API_PATH
  if (apiPath === '') {
    deps.log.info(RPC_LOG.notBound)
    return
  }
  const config = { api_path: apiPath, http_method: 'POST' }
  iii.registerTrigger({ type: HTTP_TRIGGER_TYPE, function_id: RPC_FUNCTION.id, config })
  deps.log.info(config, RPC_LOG.bound)
}
