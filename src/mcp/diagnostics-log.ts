/**
 * E6.7: the skills worker's diagnostics (E5.2: skipped files and warnings) and file-watch problems
 * sent to a full-profile client as `notifications/message` at level `warning`, when the client sets a level that lets
 * warnings through (`logging/setLevel`). The level is kept per session here, since this handler
 * replaces the SDK server's own. Later ones are sent when the skills change (the session's hook).
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { SetLevelRequestSchema, type LoggingLevel } from '@modelcontextprotocol/sdk/types.js'
import type { McpBackend } from './types.js'
import { isJsonObject } from '../core/json-object.js'

const LEVELS: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']
const DIAGNOSTICS_LOGGER = 'iii-skills'

function sendsDiagnostics(level: LoggingLevel): boolean {
  return LEVELS.indexOf(level) <= LEVELS.indexOf('warning')
}

/**
 * Answers logging/setLevel for this session; returns the hook to call when the skills may have
 * changed, which sends what is new since (a skip, warning or watch problem is sent once per session).
 */
export function installDiagnosticsLog(server: Server, backend: McpBackend): () => void {
  let enabled = false
  const sent = new Set<string>()
  const send = () => {
    if (enabled) setImmediate(() => void sendDiagnostics(server, backend, sent))
  }
  server.setRequestHandler(SetLevelRequestSchema, async (request) => {
    enabled = sendsDiagnostics(request.params.level)
    send()
    return {}
  })
  return send
}

/** A function's answer, or undefined from a worker without it (upstream's has nothing to report). */
async function ask(backend: McpBackend, functionId: string): Promise<Record<string, unknown> | undefined> {
  const result = await backend.invoke(functionId, {}).catch(() => undefined)
  return isJsonObject(result) ? result : undefined
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

async function sendDiagnostics(server: Server, backend: McpBackend, sent: Set<string>): Promise<void> {
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
    await server.sendLoggingMessage({ level: 'warning', logger: DIAGNOSTICS_LOGGER, data }).catch(() => {})
  }
}
