/**
 * E16.2: before the client's stdio is served (when the worker runs in this process: `--stdio` without
 * `--url`), one session runs in memory through the path its requests will take (the SDK's stdio entry
 * and transport, the method table, the engine, the worker) with the requests every client opens with:
 * `initialize`, `notifications/initialized` and the first `resources/list` page, then, when the listing
 * has more pages, the first page of its `SKILL.md` part. V8 compiles a function at its first call and
 * zod 4 compiles a schema's parser at its first parse; on a cold path that was about a millisecond of a
 * client's first listing per kind of page, paid here instead, before `initialize` is answered. The
 * answers are dropped. The session has no change hub, so nothing reaches the client; what it leaves is
 * compiled code and what a first listing leaves anyway (the listing hint, the worker's index).
 * It never fails nor holds up the start for long: an error ends it; its `initialize` waits as long as
 * a client's would (the instructions count the skills, so the worker's first scan) up to
 * WARM_UP_INITIALIZE_TIMEOUT_MS, its listing pages up to WARM_UP_TIMEOUT_MS; past either it is abandoned
 * and sends nothing more.
 */
import { PassThrough, Writable } from 'node:stream'
import { skillMdStartCursor } from './resource-pages.js'
import * as msg from './messages.js'
import type { SharedContext } from './methods.js'

export const WARM_UP_TIMEOUT_MS = 2_000
/** Longer than a first scan of 10,000 skills takes (about 3 s); a client's initialize then waits for the rest itself. */
export const WARM_UP_INITIALIZE_TIMEOUT_MS = 30_000

/** Serves MCP on the given streams as on the client's (stdio-server.ts), until closed. */
export type ServeStreams = (stdin: PassThrough, stdout: Writable) => { close(): Promise<void> }

const INITIALIZE_PARAMS = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'iii-skills-warm-up', version: '0' } }

type Answer = { result?: { nextCursor?: unknown } }

export async function warmUpStdio(
  ctx: SharedContext,
  serve: ServeStreams,
  timeoutMs = WARM_UP_TIMEOUT_MS,
  initializeTimeoutMs = WARM_UP_INITIALIZE_TIMEOUT_MS,
): Promise<void> {
  const started = performance.now()
  const stdin = new PassThrough()
  const waiting = new Map<number, (answer: Answer) => void>()
  let pending = ''
  const stdout = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, callback) {
      pending += String(chunk)
      for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
        const answer = parsed(pending.slice(0, end))
        pending = pending.slice(end + 1)
        if (typeof answer?.id === 'number') waiting.get(answer.id)?.(answer)
      }
      callback()
    },
  })
  const server = serve(stdin, stdout)
  let nextId = 1
  let abandoned = false
  const send = (message: object) => stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`)
  const ask = (method: string, params: object) => new Promise<Answer>((resolve) => {
    if (abandoned) return
    const id = nextId++
    waiting.set(id, resolve)
    send({ id, method, params })
  })
  const pages = async () => {
    send({ method: 'notifications/initialized' })
    const first = await ask('resources/list', {})
    if (first.result?.nextCursor !== undefined && !abandoned) await ask('resources/list', { cursor: skillMdStartCursor() })
  }
  // Whether `work` ended within `ms`; when not, the session is abandoned.
  const within = async (work: Promise<unknown>, ms: number): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<void>((resolve) => (timer = setTimeout(() => resolve(void (abandoned = true)), ms)))
    await Promise.race([work, late]).finally(() => clearTimeout(timer))
    return !abandoned
  }
  try {
    const initialized = await within(ask('initialize', INITIALIZE_PARAMS), initializeTimeoutMs)
    if (initialized && (await within(pages(), timeoutMs))) ctx.log.debug({ duration_ms: Math.round(performance.now() - started) }, msg.LOG.warmedUp)
    else ctx.log.debug({ timeout_ms: initialized ? timeoutMs : initializeTimeoutMs }, msg.LOG.warmUpAbandoned)
  } catch (error) {
    ctx.log.debug({ error: String(error) }, msg.LOG.warmUpFailed)
  } finally {
    await server.close().catch(() => undefined)
  }
}

function parsed(line: string): (Answer & { id?: unknown }) | undefined {
  try {
    return JSON.parse(line) as Answer & { id?: unknown }
  } catch {
    return undefined
  }
}
