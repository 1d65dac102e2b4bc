/**
 * E6.7: the skills worker's diagnostics (E5.2: skipped files and warnings) sent to a full-profile
 * client as `notifications/message` at level `warning`, when the client sets a level that lets
 * warnings through (`logging/setLevel`). The level is kept per session here, since this handler
 * replaces the SDK server's own.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { SetLevelRequestSchema, type LoggingLevel } from '@modelcontextprotocol/sdk/types.js'
import { isJsonObject, type McpBackend } from './types.js'

const LEVELS: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']
export const DIAGNOSTICS_LOGGER = 'iii-skills'

export function sendsDiagnostics(level: LoggingLevel): boolean {
  return LEVELS.indexOf(level) <= LEVELS.indexOf('warning')
}

export function installDiagnosticsLog(server: Server, backend: McpBackend): void {
  server.setRequestHandler(SetLevelRequestSchema, async (request) => {
    if (sendsDiagnostics(request.params.level)) setImmediate(() => void sendDiagnostics(server, backend))
    return {}
  })
}

async function sendDiagnostics(server: Server, backend: McpBackend): Promise<void> {
  let result: unknown
  try {
    result = await backend.invoke('skills::diagnostics', {})
  } catch {
    return // a worker without diagnostics (upstream's) has nothing to report
  }
  if (!isJsonObject(result)) return
  const skipped = Array.isArray(result.skipped) ? result.skipped : []
  const warnings = Array.isArray(result.warnings) ? result.warnings : []
  for (const data of [...skipped.map((s) => ({ skipped: s })), ...warnings.map((w) => ({ warning: w }))]) {
    await server.sendLoggingMessage({ level: 'warning', logger: DIAGNOSTICS_LOGGER, data }).catch(() => {})
  }
}
