/**
 * `--stdio` with `--url` / `III_URL` naming a running engine: this process is only the MCP front on
 * stdin/stdout (and on HTTP with `--mcp-port`); the skills worker must run on that engine.
 */
import { registerWorker } from 'iii-sdk'
import { LOG } from '../../core/messages.js'
import { bearerHeaders } from '../../http/auth-token.js'
import { sdkBackend } from '../../mcp/index.js'
import { MCP_WORKER_NAME, startFront } from '../mcp-front.js'
import { stdioServices, type ModeContext, type RunningMode } from './mode-context.js'

/** Timeout of each call the front makes to a running engine (a prompt handler may be slow). */
const REMOTE_CALL_TIMEOUT_MS = 30_000

export async function startMode({ options, loaded, log, stdout, door }: ModeContext): Promise<RunningMode> {
  const http = options.mcp && options.mcpPortSet
  log.info({ url: options.url }, LOG.connecting)
  const iii = registerWorker(options.url, { workerName: MCP_WORKER_NAME, ...bearerHeaders(door.token) })
  const front = await startFront({
    backend: sdkBackend(iii, REMOTE_CALL_TIMEOUT_MS),
    options,
    config: loaded.config,
    log,
    door,
    feed: { client: iii },
    http,
    stdout,
  }).catch(async (error: unknown) => {
    await iii.shutdown()
    throw error
  })
  return stdioServices(front, async () => {
    await front.close()
    await iii.shutdown()
  })
}
