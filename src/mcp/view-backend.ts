/**
 * E20.2: the backend of a view's front. Every call of a skills worker function goes through
 * `skills::in-view` with the view's name, so the worker applies the view where it reads the
 * catalogue; the upstream functions' payloads and answers are unchanged, and a view of a view holds
 * what both hold. Other workers' functions (tools of the full profile) and the function list pass as they are.
 */
import { IN_VIEW_FUNCTION } from '../core/index.js'
import { DEFINITION_BY_ID } from '../functions/index.js'
import type { McpBackend } from './types.js'

export function viewBackend(whole: McpBackend, view: string): McpBackend {
  return {
    invoke: (functionId, data) =>
      DEFINITION_BY_ID.has(functionId) || functionId === IN_VIEW_FUNCTION
        ? whole.invoke(IN_VIEW_FUNCTION, { view, function_id: functionId, payload: data })
        : whole.invoke(functionId, data),
    listFunctions: () => whole.listFunctions(),
  }
}
