/**
 * `--embedded`: the embedded iii engine and, unless `--no-mcp`, the MCP endpoint, started in this
 * process, then the skills worker on that engine.
 * The engine's `http` triggers are served on the MCP listener's port, on every path but `/mcp`;
 * with `--no-mcp` a listener on that port serves them alone.
 */
import type { Logger } from 'pino'
import type { CliOptions } from '../cli.js'
import { type LoadedConfig, LOG } from '../../core/index.js'
import { startEmbeddedEngine, startHttpTriggerListener, type EmbeddedEngine } from '../../embedded/index.js'
import type { FunctionSummary, McpBackend } from '../../mcp/index.js'
import { LOG_HTTP_LISTENING } from '../../embedded/index.js'
import { bearerHeaders, type DoorRules } from '../../http/index.js'
import { QUIET_SDK, startFront } from '../mcp-front.js'
import type { ModeContext, RunningMode } from './mode-context.js'
import { startSkillsWorker, type OpenClient } from '../skills-worker.js'
import { LocalClient } from '../../engine/index.js'

interface EmbeddedServices {
  url: string
  /** Clients linked to the engine in process. */
  open: OpenClient
  close(): Promise<void>
}

export async function startMode({ options, loaded, log, door }: ModeContext): Promise<RunningMode> {
  if (options.urlSource !== 'default') log.warn({ url: options.url }, LOG.embeddedIgnoresUrl)
  const embedded = await startEmbeddedServices(options, loaded.config, log, door)
  log.info({ url: embedded.url }, LOG.connecting)
  const worker = await startSkillsWorker({ url: embedded.url, loaded, log, sdk: { ...QUIET_SDK, ...bearerHeaders(door.token) }, open: embedded.open })
  return {
    close: async () => {
      await worker.shutdown()
      await embedded.close()
    },
  }
}

async function startEmbeddedServices(options: CliOptions, config: LoadedConfig['config'], log: Logger, door: DoorRules): Promise<EmbeddedServices> {
  const engine = await startEmbeddedEngine({
    host: options.engineHost,
    port: options.enginePort,
    stateFile: options.stateFile,
    log,
    door,
  })
  if (!options.mcp) return startHttpTriggersAlone(options, engine, log, door)
  const front = await startFront({
    backend: engineBackend(engine),
    options,
    config,
    log,
    door,
    feed: { open: localClients(engine) },
    http: true,
    route: engine.httpTriggers,
    routeTaken: engine.httpRouteTaken,
  }).catch(async (error: unknown) => {
    await engine.close()
    throw error
  })
  if (front.http !== undefined) log.info({ url: new URL('/', front.http.url).href.slice(0, -1) }, LOG_HTTP_LISTENING)
  return {
    url: engine.url,
    open: localClients(engine),
    close: async () => {
      await front.close()
      await engine.close()
    },
  }
}

/** Clients of `engine` linked in process (E16.2): the same frames as over a WebSocket, without the socket or the iii SDK. */
export function localClients(engine: EmbeddedEngine): OpenClient {
  return (workerName) => new LocalClient(workerName, (deliver, closed) => engine.attachLocal(deliver, closed)).asIIIClient()
}

/** The engine behind the MCP front, called in process; tools come from `engine::functions::list` as the bridge's do (no internal functions). */
export function engineBackend(engine: EmbeddedEngine): McpBackend {
  return {
    invoke: (functionId, data) => engine.invoke(functionId, data),
    listFunctions: async () => ((await engine.invoke('engine::functions::list', {})) as { functions: FunctionSummary[] }).functions,
  }
}

async function startHttpTriggersAlone(options: CliOptions, engine: EmbeddedEngine, log: Logger, door: DoorRules): Promise<EmbeddedServices> {
  const http = await startHttpTriggerListener({
    host: options.mcpHost,
    port: options.mcpPort,
    handler: engine.httpTriggers,
    log,
    door,
  }).catch(async (error: unknown) => {
    await engine.close()
    throw error
  })
  log.info({ url: http.url }, LOG_HTTP_LISTENING)
  return {
    url: engine.url,
    open: localClients(engine),
    close: async () => {
      await http.close()
      await engine.close()
    },
  }
}
