/**
 * The discovery functions `skills::rpc` dispatches to, found by function id in the same tables the
 * worker registers them from: the input schema in src/schemas/functions.ts, the (guarded) handler in
 * src/functions/index.ts. One source of truth: a JSON-RPC call and a direct call of the function run
 * the same code. Which failures are the caller's (-32602) the functions say themselves, by throwing
 * an InvalidParamsError.
 */
import { InvalidParamsError } from '../core/errors.js'
import { FUNCTION_BY_ID } from '../schemas/functions.js'
import { EXTENSION_HANDLERS, HANDLERS } from './index.js'
import type { RpcDispatch } from './rpc.js'

export const DISCOVERY_DISPATCH: RpcDispatch = {
  target(functionId) {
    const spec = FUNCTION_BY_ID.get(functionId)
    const handle = EXTENSION_HANDLERS[functionId] ?? HANDLERS[functionId]
    return spec === undefined || handle === undefined ? undefined : { input: spec.input, handle }
  },
  isInvalidParams: (error) => error instanceof InvalidParamsError,
}
