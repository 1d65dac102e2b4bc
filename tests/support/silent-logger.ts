/** A logger that drops everything: for tests that need one but assert nothing about logs. */
import { pino, type Logger } from 'pino'

export function silentLogger(): Logger {
  return pino({ level: 'silent' })
}
