/**
 * The discovery functions `skills::rpc` dispatches to, found by function id among the same
 * definitions the worker registers (src/functions/index.ts): one source of truth, so a JSON-RPC call
 * and a direct call of the function run the same code. Which failures are the caller's (-32602) the
 * functions say themselves, by throwing an InvalidParamsError.
 */
import { InvalidParamsError } from '../core/errors.js'
import type { DefinedFunction } from './define.js'
import { DEFINITIONS, EXTENSION_DEFINITIONS } from './registry.js'
import type { RpcDispatch } from './rpc.js'

const BY_ID: ReadonlyMap<string, DefinedFunction> = new Map([...DEFINITIONS, ...EXTENSION_DEFINITIONS].map((d) => [d.spec.id, d]))

export const DISCOVERY_DISPATCH: RpcDispatch = {
  target(functionId) {
    const defined = BY_ID.get(functionId)
    return defined === undefined ? undefined : { input: defined.spec.input, handle: defined.handle }
  },
  isInvalidParams: (error) => error instanceof InvalidParamsError,
}
