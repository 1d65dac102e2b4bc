/**
 * E20.2: the backend of a view's front. Every call of a skills worker function goes through
 * `skills::in-view` with the view's name, so the worker applies the view where it reads the
 * catalogue; the upstream functions' payloads and answers are unchanged. Other workers' functions (tools of the full profile) and the function list pass as they are.
 */
import { invokeInView } from '../functions/index.js'
import type { McpBackend } from './types.js'

export function viewBackend(whole: McpBackend, view: string): McpBackend {
  return {
    invoke: invokeInView((functionId, data) => whole.invoke(functionId, data), view),
    listFunctions: () => whole.listFunctions(),
  }
}
