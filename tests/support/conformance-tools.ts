/**
 * The one tool of the conformance suite's own that a generic scenario calls by name
 * (`tools-call-error` calls `test_error_handling` and wants the failure as an `isError` result).
 * Since E18.2 a tool `tools/list` does not show is a protocol error, so the suite's tool is
 * registered on the engine, by a worker, as any other worker's function would be.
 */
import type { SdkClient } from './sdk-client.js'
import { pollUntil } from './poll.js'

export const ERROR_TOOL = 'test_error_handling'

export async function registerConformanceTools(worker: SdkClient): Promise<void> {
  worker.iii.registerFunction(ERROR_TOOL, async () => {
    throw new Error('This tool intentionally returns an error for testing')
  }, { description: 'Always fails (the conformance suite\'s tools-call-error scenario).' })
  const listed = async () => ((await worker.call('engine::functions::list', {})) as { functions: Array<{ function_id: string }> }).functions
  await pollUntil(async () => {
    if (!(await listed()).some((fn) => fn.function_id === ERROR_TOOL)) throw new Error('not yet listed')
  }, { timeoutMs: 10_000, what: `${ERROR_TOOL} to be listed` })
}
