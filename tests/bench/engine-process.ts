/**
 * The embedded engine alone in its own process, for the bench: prints `{"url": …, "startMs": …}` on
 * stdout once listening (startMs: the engine's own start, state file load included) and closes
 * cleanly on SIGTERM/SIGINT (so `--cpu-prof` profiles get written). argv[2]: an optional state file.
 */
import { performance } from 'node:perf_hooks'
import { startEmbeddedEngine } from '../../src/embedded/index.js'

const started = performance.now()
const engine = await startEmbeddedEngine({ port: 0, stateFile: process.argv[2] })
process.stdout.write(`${JSON.stringify({ url: engine.url, startMs: performance.now() - started })}\n`)

const stop = async () => {
  await engine.close()
  process.exit(0)
}
process.once('SIGTERM', () => void stop())
process.once('SIGINT', () => void stop())
