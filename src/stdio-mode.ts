/**
 * `--stdio`: MCP on stdin/stdout for clients that launch their servers (Claude Desktop, IDE agents).
 * Backed by a running engine when `--url` (or `III_URL`) names one — this process is then only the
 * MCP front, and the skills worker must run on that engine — else by an embedded engine on a free
 * loopback port (`--engine-port` to pin it) with the skills worker on it, so every client can
 * launch its own. No HTTP listener unless `--mcp-port` is given. stdio is served once the skills
 * worker has registered its functions, so a client's first listing is never empty.
 */
import type { Writable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { registerWorker } from 'iii-sdk'
import type { Logger } from 'pino'
import type { CliOptions } from './cli.js'
import type { LoadedConfig } from './core/config-types.js'
import { LOG } from './core/messages.js'
import { startEmbeddedEngine, type EmbeddedEngine } from './embedded/index.js'
import { sdkBackend } from './mcp/index.js'
import { engineBackend } from './embedded-mode.js'
import { MCP_WORKER_NAME, QUIET_SDK, startFront, type RunningFront } from './mcp-front.js'
import { FUNCTIONS } from './schemas/functions.js'
import { startSkillsWorker } from './worker.js'

/** Timeout of each call the front makes to a running engine (a prompt handler may be slow). */
export const REMOTE_CALL_TIMEOUT_MS = 30_000
const WORKER_READY_TIMEOUT_MS = 10_000
const WORKER_READY_POLL_MS = 10

export interface StdioServices {
  /** Resolves when the client has gone (stdin closed). */
  closed: Promise<void>
  close(): Promise<void>
}

export async function startStdioServices(options: CliOptions, loaded: LoadedConfig, log: Logger, stdout: Writable): Promise<StdioServices> {
  const http = options.mcp && options.mcpPortSet
  if (!options.embedded && options.urlSource !== 'default') {
    log.info({ url: options.url }, LOG.connecting)
    const iii = registerWorker(options.url, { workerName: MCP_WORKER_NAME })
    const front = await startFront({
      backend: sdkBackend(iii, REMOTE_CALL_TIMEOUT_MS),
      options,
      config: loaded.config,
      log,
      feed: { client: iii },
      http,
      stdout,
    }).catch(async (error: unknown) => {
      await iii.shutdown()
      throw error
    })
    return services(front, async () => {
      await front.close()
      await iii.shutdown()
    })
  }
  if (options.embedded && options.urlSource !== 'default') log.warn({ url: options.url }, LOG.embeddedIgnoresUrl)
  const engine = await startEmbeddedEngine({
    host: options.engineHost,
    port: options.enginePortSet ? options.enginePort : 0,
    stateFile: options.stateFile,
    log,
  })
  log.info({ url: engine.url }, LOG.connecting)
  const worker = await startSkillsWorker({ url: engine.url, loaded, log, sdk: QUIET_SDK })
  const stopEngine = async () => {
    await worker.shutdown()
    await engine.close()
  }
  let front: RunningFront
  try {
    await skillsRegistered(engine)
    front = await startFront({ backend: engineBackend(engine), options, config: loaded.config, log, feed: { url: engine.url }, http, stdout, route: engine.httpTriggers })
  } catch (error) {
    await stopEngine()
    throw error
  }
  return services(front, async () => {
    await front.close()
    await stopEngine()
  })
}

function services(front: RunningFront, close: () => Promise<void>): StdioServices {
  return { closed: front.stdio?.closed ?? new Promise(() => undefined), close }
}

/** Waits until the skills worker's functions are all registered on the embedded engine. */
async function skillsRegistered(engine: EmbeddedEngine): Promise<void> {
  const deadline = Date.now() + WORKER_READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    const registered = new Set(engine.listFunctions().map((fn) => fn.function_id))
    if (FUNCTIONS.every((fn) => registered.has(fn.id))) return
    await sleep(WORKER_READY_POLL_MS)
  }
}
