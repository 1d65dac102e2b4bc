/**
 * The floor: a second worker process whose functions do nothing but return a canned value, called
 * through the same engine as the skills worker. `bench::floor-load {name, response}` stores a
 * response and registers `bench::floor::{name}` returning it, so each benchmark case is compared with
 * a no-op that moves the very same bytes (same size, same JSON shape). `bench::prompt-string` is the
 * string prompt handler behind the `prompts::mcp-get` case.
 */
import { registerWorker } from 'iii-sdk'
import { FLOOR_LOAD, FLOOR_PREFIX, PROMPT_HANDLER, PROMPT_TEXT } from './floor.js'

const url = process.argv[2]
if (url === undefined) throw new Error('usage: floor-worker <engine url>')

const iii = registerWorker(url, { workerName: 'bench-floor', otel: { enabled: false }, enableMetricsReporting: false })
const responses = new Map<string, unknown>()

iii.registerFunction(FLOOR_LOAD, async (input: { name: string; response: unknown }) => {
  if (!responses.has(input.name)) {
    iii.registerFunction(FLOOR_PREFIX + input.name, async () => responses.get(input.name))
  }
  responses.set(input.name, input.response)
  return { name: input.name }
})
iii.registerFunction(PROMPT_HANDLER, async () => PROMPT_TEXT)

process.stdout.write('ready\n')
const stop = async () => {
  await iii.shutdown()
  process.exit(0)
}
process.once('SIGTERM', () => void stop())
process.once('SIGINT', () => void stop())
