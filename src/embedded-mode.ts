/**
 * `--embedded`: the embedded iii engine and, unless `--no-mcp`, the MCP endpoint, started in this
 * process before the worker connects to them. Returns the engine URL and one close hook.
 */
import type { Logger } from 'pino'
import type { CliOptions } from './cli.js'
import { startEmbeddedEngine, type EmbeddedEngine } from './embedded/index.js'
import { startMcpHttp, type McpBackend } from './embedded/mcp/index.js'
import { packageVersion } from './manifest.js'

export interface EmbeddedServices {
  url: string
  close(): Promise<void>
}

export async function startEmbeddedServices(options: CliOptions, log: Logger): Promise<EmbeddedServices> {
  const engine = await startEmbeddedEngine({
    host: options.engineHost,
    port: options.enginePort,
    stateFile: options.stateFile,
    log,
  })
  if (!options.mcp) return { url: engine.url, close: () => engine.close() }
  const mcp = await startMcpHttp({
    host: options.mcpHost,
    port: options.mcpPort,
    backend: engineBackend(engine),
    log,
    serverVersion: packageVersion(),
  }).catch(async (error: unknown) => {
    await engine.close()
    throw error
  })
  return {
    url: engine.url,
    close: async () => {
      await mcp.close()
      await engine.close()
    },
  }
}

export function engineBackend(engine: EmbeddedEngine): McpBackend {
  return {
    invoke: (functionId, data) => engine.invoke(functionId, data),
    listFunctions: async () => engine.listFunctions(),
  }
}
