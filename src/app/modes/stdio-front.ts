/**
 * Only the MCP front of a running engine (`--url` / `III_URL`; the skills worker runs there): on
 * stdin/stdout with `--stdio`, on HTTP with `--mcp-front` or `--mcp-port`. Any number of fronts may
 * serve one engine: 2026-07-28 has no sessions, and each front's change hub is fed by the engine's
 * triggers (E12.4).
 */
import { registerWorker } from 'iii-sdk'
import { LOG } from '../../core/index.js'
import { bearerHeaders } from '../../http/index.js'
import { sdkBackend } from '../../mcp/index.js'
import { MCP_WORKER_NAME, startFront } from '../mcp-front.js'
import { stdioServices, type ModeContext, type RunningMode } from './mode-context.js'

/** Timeout of each call the front makes to a running engine (a prompt handler may be slow). */
const REMOTE_CALL_TIMEOUT_MS = 30_000

export async function startMode({ options, loaded, log, stdout, door }: ModeContext): Promise<RunningMode> {
  const http = options.mcp && (options.mcpPortSet || options.mcpFront === true)
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
