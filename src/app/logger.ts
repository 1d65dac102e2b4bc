/**
 * Structured logs (pino): one JSON line per event on stderr, a fixed message plus fields, the way
 * upstream's `tracing::info!(skill_id = %id, "skill registered")` reads. Level from LOG_LEVEL (D11).
 */
import { pino, type Logger } from 'pino'
import { stderrSink, type LogSink } from './log-sink.js'

export type { Logger }

interface LoggerOptions {
  level?: string
  /** Where lines go; defaults to stderr (a LogSink: never throws, never blocks, E18.5) so stdout stays clean for `--manifest`. */
  destination?: NodeJS.WritableStream | LogSink
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? process.env.LOG_LEVEL ?? 'info'
  return pino({ level, base: { pid: process.pid } }, options.destination ?? stderrSink())
}
