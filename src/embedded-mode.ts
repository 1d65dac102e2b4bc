/**
 * `--embedded`: the embedded iii engine and, unless `--no-mcp`, the MCP endpoint, started in this
 * process before the worker connects to them. Returns the engine URL and one close hook.
 * The engine's `http` triggers are served on the MCP listener's port, on every path but `/mcp`;
 * with `--no-mcp` a listener on that port serves them alone.
 */
import type { Logger } from 'pino'
import type { CliOptions } from './cli.js'
import { startEmbeddedEngine, startHttpTriggerListener, type EmbeddedEngine } from './embedded/index.js'
import { startMcpHttp, type McpBackend } from './embedded/mcp/index.js'
import { LOG_HTTP_LISTENING } from './embedded/messages.js'
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
  if (!options.mcp) return startHttpTriggersAlone(options, engine, log)
  const mcp = await startMcpHttp({
    host: options.mcpHost,
    port: options.mcpPort,
    backend: engineBackend(engine),
    log,
    serverVersion: packageVersion(),
    route: engine.httpTriggers,
  }).catch(async (error: unknown) => {
    await engine.close()
    throw error
  })
  log.info({ url: new URL('/', mcp.url).href.slice(0, -1) }, LOG_HTTP_LISTENING)
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

async function startHttpTriggersAlone(options: CliOptions, engine: EmbeddedEngine, log: Logger): Promise<EmbeddedServices> {
  const http = await startHttpTriggerListener({
    host: options.mcpHost,
    port: options.mcpPort,
    handler: engine.httpTriggers,
    log,
  }).catch(async (error: unknown) => {
    await engine.close()
    throw error
  })
  log.info({ url: http.url }, LOG_HTTP_LISTENING)
  return {
    url: engine.url,
    close: async () => {
      await http.close()
      await engine.close()
    },
  }
}
