/**
 * E6.7: the skills worker's diagnostics (E5.2: skipped files and warnings) and file-watch problems
 * sent to a full-profile client as `notifications/message` at level `warning`, when the client sets a level that lets
 * warnings through (`logging/setLevel`). The level is kept per session here, since this handler
 * replaces the SDK server's own. Later ones are sent when the skills change (the session's hook).
 * E12.2: a 2026-07-28 request has no session; it names its level in `_meta`, and a catalogue
 * listing then carries the diagnostics as notifications of that request (none when it names none).
 */
import { LOG_LEVEL_META_KEY, type LoggingLevel, type Server, type ServerContext } from '@modelcontextprotocol/server'
import type { McpBackend } from './types.js'
import { isJsonObject } from '../core/index.js'

const LEVELS: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']
const DIAGNOSTICS_LOGGER = 'iii-skills'
/** The 2026-07-28 requests whose answers the diagnostics are about: the catalogue listings. */
const LISTINGS = new Set(['resources/list', 'skills/list'])

type LogParams = { level: LoggingLevel; logger: string; data: unknown }
type SendLog = (params: LogParams) => Promise<void>

function sendsDiagnostics(level: unknown): boolean {
  return typeof level === 'string' && LEVELS.includes(level as LoggingLevel) && LEVELS.indexOf(level as LoggingLevel) <= LEVELS.indexOf('warning')
}

/** The hook to call when the skills may have changed, given whether the session asked for warnings. */
function sessionLog(backend: McpBackend, sendLog: SendLog): { setLevel(level: unknown): void; changed(): void } {
  let enabled = false
  const sent = new Set<string>()
  const changed = () => {
    if (enabled) setImmediate(() => void sendDiagnostics(backend, sent, sendLog))
  }
  return {
    setLevel: (level) => {
      enabled = sendsDiagnostics(level)
      changed()
    },
    changed,
  }
}

/** Answers logging/setLevel for this 2025-11-25 session; returns the skills-changed hook. */
export function installDiagnosticsLog(server: Server, backend: McpBackend): () => void {
  const log = sessionLog(backend, (params) => server.sendLoggingMessage(params))
  server.setRequestHandler('logging/setLevel', async (request) => {
    log.setLevel(request.params.level)
    return {}
  })
  return log.changed
}

/**
 * E12.2: a 2026-07-28 listing whose `_meta` lets warnings through gets the diagnostics as its own
 * notifications. The SDK lifts the level, with the rest of the request's envelope, off `_meta`.
 */
export async function sendRequestDiagnostics(ctx: ServerContext, backend: McpBackend): Promise<void> {
  const envelope: Record<string, unknown> = ctx.mcpReq.envelope ?? {}
  if (!LISTINGS.has(ctx.mcpReq.method) || !sendsDiagnostics(envelope[LOG_LEVEL_META_KEY])) return
  await sendDiagnostics(backend, new Set(), (data) => ctx.mcpReq.notify({ method: 'notifications/message', params: data }))
}

/** A function's answer, or undefined from a worker without it (upstream's has nothing to report). */
async function ask(backend: McpBackend, functionId: string): Promise<Record<string, unknown> | undefined> {
  const result = await backend.invoke(functionId, {}).catch(() => undefined)
  return isJsonObject(result) ? result : undefined
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

async function sendDiagnostics(backend: McpBackend, sent: Set<string>, sendLog: SendLog): Promise<void> {
  const [diagnostics, watch] = await Promise.all([ask(backend, 'skills::diagnostics'), ask(backend, 'skills::fs-watch-problems')])
  const messages = [
    ...list(diagnostics?.skipped).map((s) => ({ skipped: s })),
    ...list(diagnostics?.warnings).map((w) => ({ warning: w })),
    ...list(watch?.problems).map((p) => ({ watch: p })),
  ]
  for (const data of messages) {
    const key = JSON.stringify(data)
    if (sent.has(key)) continue
    sent.add(key)
    await sendLog({ level: 'warning', logger: DIAGNOSTICS_LOGGER, data }).catch(() => {})
  }
}
