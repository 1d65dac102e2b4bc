/**
 * `--stdio` over an embedded engine: MCP on stdin/stdout for clients that launch their servers
 * (Claude Desktop, IDE agents), backed by an embedded engine on a free loopback port
 * (`--engine-port` to pin it) with the skills worker on it, so every client can launch its own.
 * No HTTP listener unless `--mcp-port` is given. stdio is served once the skills worker has
 * registered its functions, so a client's first listing is never empty. (With `--url` / `III_URL`
 * the process is only the MCP front: modes/stdio-front.ts.)
 */
import { LOG } from '../../core/index.js'
import { bearerHeaders } from '../../http/index.js'
import { startEmbeddedEngine } from '../../embedded/index.js'
import { engineBackend, localClients } from './embedded.js'
import { QUIET_SDK, startFront, type RunningFront } from '../mcp-front.js'
import { stdioServices, type ModeContext, type RunningMode } from './mode-context.js'
import { FUNCTIONS } from '../../functions/index.js'
import { startSkillsWorker } from '../skills-worker.js'

const WORKER_READY_TIMEOUT_MS = 10_000

export async function startMode({ options, loaded, log, stdout, door }: ModeContext): Promise<RunningMode> {
  const http = options.mcp && options.mcpPortSet
  if (options.embedded && options.urlSource !== 'default') log.warn({ url: options.url }, LOG.embeddedIgnoresUrl)
  const engine = await startEmbeddedEngine({
    host: options.engineHost,
    port: options.enginePortSet ? options.enginePort : 0,
    stateFile: options.stateFile,
    log,
    door,
  })
  log.info({ url: engine.url }, LOG.connecting)
  // E19.3: the worker's first scan starts once the front serves stdio (skills-worker.ts `scanAfter`).
  let serving: () => void = () => undefined
  const scanAfter = new Promise<void>((resolve) => (serving = resolve))
  const worker = await startSkillsWorker({ url: engine.url, loaded, log, sdk: { ...QUIET_SDK, ...bearerHeaders(door.token) }, open: localClients(engine), scanAfter })
  const stopEngine = async () => {
    await worker.shutdown()
    await engine.close()
  }
  let front: RunningFront
  try {
    await engine.whenRegistered(FUNCTIONS.map((fn) => fn.id), WORKER_READY_TIMEOUT_MS)
    front = await startFront({ backend: engineBackend(engine), options, config: loaded.config, log, door, feed: { open: localClients(engine) }, http, stdout, route: engine.httpTriggers, routeTaken: engine.httpRouteTaken })
  } catch (error) {
    serving()
    await stopEngine()
    throw error
  }
  serving()
  return stdioServices(front, async () => {
    await front.close()
    await stopEngine()
  })
}
