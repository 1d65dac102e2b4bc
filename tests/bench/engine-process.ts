/**
 * The embedded engine alone in its own process, for the bench: prints `{"url": …}` on stdout once
 * listening and closes cleanly on SIGTERM/SIGINT (so `--cpu-prof` profiles get written).
 */
import { startEmbeddedEngine } from '../../src/embedded/index.js'

const engine = await startEmbeddedEngine({ port: 0 })
process.stdout.write(`${JSON.stringify({ url: engine.url })}\n`)

const stop = async () => {
  await engine.close()
  process.exit(0)
}
process.once('SIGTERM', () => void stop())
process.once('SIGINT', () => void stop())
