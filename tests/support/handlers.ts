/** The function handlers by id (as the worker registers them), for tests that call one directly. */
import type { DecodedHandler, DefinedFunction } from '../../src/functions/define.js'
import { DEFINITIONS, EXTENSION_DEFINITIONS } from '../../src/functions/registry.js'

// {id: handle} in definition order.
function handlerTable(definitions: readonly DefinedFunction[]): Readonly<Record<string, DecodedHandler>> {
  return Object.fromEntries(definitions.map(({ spec, handle }) => [spec.id, handle]))
}

export const HANDLERS = handlerTable(DEFINITIONS)
export const EXTENSION_HANDLERS = handlerTable(EXTENSION_DEFINITIONS)
