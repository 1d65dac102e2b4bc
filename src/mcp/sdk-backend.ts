/**
 * The MCP front's backend on a running engine (`--stdio --url …`): an iii-sdk client that triggers
 * functions and lists them with `engine::functions::list`. A real engine's listing carries no
 * `request_format` (bridge §1.4), so the tools' input schemas are then read from
 * `engine::functions::info` (32 ids a call); a failure there leaves the empty default schema.
 */
import type { IIIClient } from 'iii-sdk'
import { isAlwaysHidden, isJsonObject } from '../core/index.js'
import type { FunctionSummary, McpBackend } from './types.js'

const INFO_BATCH = 32

export function sdkBackend(iii: IIIClient, timeoutMs: number): McpBackend {
  const call = (functionId: string, payload: unknown) => iii.trigger<unknown, unknown>({ function_id: functionId, payload, timeoutMs })
  return {
    invoke: call,
    listFunctions: async () => {
      const listing = await call('engine::functions::list', {})
      const raw = Array.isArray(listing) ? listing : isJsonObject(listing) && Array.isArray(listing.functions) ? listing.functions : []
      const functions = raw.filter(isJsonObject).filter((fn): fn is FunctionSummary & Record<string, unknown> => typeof fn.function_id === 'string')
      await addRequestFormats(functions, call)
      return functions
    },
  }
}

async function addRequestFormats(functions: FunctionSummary[], call: (id: string, payload: unknown) => Promise<unknown>): Promise<void> {
  const missing = functions.filter((fn) => fn.request_format === undefined && !isAlwaysHidden(fn.function_id))
  for (let start = 0; start < missing.length; start += INFO_BATCH) {
    const batch = missing.slice(start, start + INFO_BATCH)
    let info: unknown
    try {
      info = await call('engine::functions::info', { function_ids: batch.map((fn) => fn.function_id) })
    } catch {
      // Older engines lack functions::info: tools then keep the schemas they were listed with.
      return
    }
    const details = isJsonObject(info) && Array.isArray(info.functions) ? info.functions.filter(isJsonObject) : []
    const schemas = new Map(details.map((detail) => [detail.function_id, detail.request_schema]))
    for (const fn of batch) {
      const schema = schemas.get(fn.function_id)
      if (schema !== undefined && schema !== null) fn.request_format = schema
    }
  }
}
