/**
 * A separate iii-sdk worker process that publishes into the skills registry the way any worker
 * would: a section function, a prompt handler, a skill with a nested sub-skill and a prompt, and
 * observers bound to both on-change trigger types. It speaks JSON lines on stdout (publisher-content.ts)
 * and takes commands on stdin: `publish` registers the content, `exit` (or stdin closing) shuts down.
 *
 * Usage: node --import tsx tests/support/publisher-worker.ts <engine-url>
 */
import { createInterface } from 'node:readline'
import { registerWorker } from 'iii-sdk'
import {
  greeting,
  NESTED_SKILL,
  OBSERVERS,
  PARENT_SKILL,
  PROMPT,
  PROMPT_HANDLER,
  STATUS_FUNCTION,
  STATUS_MARKDOWN,
  type PublisherLine,
} from './publisher-content.js'

const url = process.argv[2]
if (url === undefined) {
  process.stderr.write('usage: publisher-worker.ts <engine-url>\n')
  process.exit(2)
}

const iii = registerWorker(url, { workerName: 'demo-publisher', otel: { enabled: false }, enableMetricsReporting: false })
const emit = (line: PublisherLine) => process.stdout.write(`${JSON.stringify(line)}\n`)

iii.registerFunction(STATUS_FUNCTION, async () => STATUS_MARKDOWN, { description: 'Live status of the demo worker.' })
iii.registerFunction(PROMPT_HANDLER, async (args: { who?: unknown }) => ({ content: greeting(String(args.who)) }))
for (const [triggerType, functionId] of Object.entries(OBSERVERS)) {
  iii.registerFunction(functionId, async (payload: unknown) => {
    emit({ kind: 'event', trigger_type: triggerType, payload: withoutCaller(payload) })
    return null
  })
  iii.registerTrigger({ type: triggerType, function_id: functionId, config: {} })
}
emit({ kind: 'ready' })

async function publish(): Promise<void> {
  const results: unknown[] = []
  for (const payload of [PARENT_SKILL, NESTED_SKILL]) {
    results.push(await iii.trigger({ function_id: 'skills::register', payload, timeoutMs: 10_000 }))
  }
  results.push(await iii.trigger({ function_id: 'prompts::register', payload: PROMPT, timeoutMs: 10_000 }))
  emit({ kind: 'published', results })
}

let closing = false
async function exit(): Promise<void> {
  if (closing) return
  closing = true
  await iii.shutdown()
  process.exit(0)
}

createInterface({ input: process.stdin })
  .on('line', (line) => {
    const command = line.trim()
    if (command === 'publish') publish().catch((error: unknown) => emit({ kind: 'error', message: String(error) }))
    else if (command === 'exit') void exit()
  })
  .on('close', () => void exit())

/** The engine adds `_caller_worker_id` to every object payload it routes. */
function withoutCaller(payload: unknown): unknown {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return payload
  const { _caller_worker_id: _, ...rest } = payload as Record<string, unknown>
  return rest
}
