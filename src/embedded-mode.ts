/**
 * `--embedded`: the embedded iii engine and, unless `--no-mcp`, the MCP endpoint, started in this
 * process before the worker connects to them. Returns the engine URL and one close hook.
 */
import type { Logger } from 'pino'
import type { CliOptions } from './cli.js'
import type { LoadedConfig } from './config-types.js'
import { startEmbeddedEngine, type EmbeddedEngine } from './embedded/index.js'
import type { FunctionSummary, McpBackend } from './embedded/mcp/index.js'
import { startFront } from './mcp-front.js'

export interface EmbeddedServices {
  url: string
  close(): Promise<void>
}

export async function startEmbeddedServices(options: CliOptions, config: LoadedConfig['config'], log: Logger): Promise<EmbeddedServices> {
  const engine = await startEmbeddedEngine({
    host: options.engineHost,
    port: options.enginePort,
    stateFile: options.stateFile,
    log,
  })
  if (!options.mcp) return { url: engine.url, close: () => engine.close() }
  const front = await startFront({
    backend: engineBackend(engine),
    options,
    config,
    log,
    feed: { url: engine.url },
    http: true,
  }).catch(async (error: unknown) => {
    await engine.close()
    throw error
  })
  return {
    url: engine.url,
    close: async () => {
      await front.close()
      await engine.close()
    },
  }
}

/** The engine behind the MCP front, called in process; tools come from `engine::functions::list` as the bridge's do (no internal functions). */
export function engineBackend(engine: EmbeddedEngine): McpBackend {
  return {
    invoke: (functionId, data) => engine.invoke(functionId, data),
    listFunctions: async () => ((await engine.invoke('engine::functions::list', {})) as { functions: FunctionSummary[] }).functions,
  }
}
