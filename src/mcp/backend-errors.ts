/**
 * How the bridge reads a failed iii call (bridge §1.3): its display string, and whether it
 * means "that function is not there". A rejection with a string `.code` is iii-sdk's remote error
 * (its message may carry the Node SDK's `code: ` prefix, which is stripped); anything else is a
 * local runtime error, judged by its message alone.
 */
import * as msg from './messages.js'
import type { McpProfile } from './types.js'

const MISSING_CODES = new Set(['NOT_FOUND', 'FUNCTION_NOT_FOUND'])
const MISSING_PHRASES = ['not found', 'unknown function', 'no such function']

interface ReadError {
  code: string | undefined
  message: string
}

export function readError(error: unknown): ReadError {
  const code = hasStringCode(error) ? error.code : undefined
  const raw = messageOf(error)
  const prefix = `${code}: `
  const message = code !== undefined && raw.startsWith(prefix) ? raw.slice(prefix.length) : raw
  return { code, message }
}

// {code:'invocation_failed', message:'invocation_failed: kapow'} => "remote error (invocation_failed): kapow"
export function errorDisplay(error: unknown): string {
  const { code, message } = readError(error)
  return code === undefined ? message : msg.remoteError(code, message)
}

/**
 * E12.7: what an agent reads of a failure on the full profile — the error's own text, without the
 * transport's `remote error (code): ` (the bridge keeps upstream's display).
 */
// (invocation_failed "kapow", "full") => "kapow"; (…, "bridge") => "remote error (invocation_failed): kapow"
export function errorText(error: unknown, profile: McpProfile): string {
  return profile === 'bridge' ? errorDisplay(error) : readError(error).message
}

/** The engine has no such function (its code says so; a plain error by its words), not "the function said not found". */
export function isAbsentFunction(error: unknown): boolean {
  const { code, message } = readError(error)
  if (code !== undefined) return MISSING_CODES.has(code.toUpperCase())
  const lower = message.toLowerCase()
  return MISSING_PHRASES.some((phrase) => lower.includes(phrase))
}

export function isMissingFunction(error: unknown): boolean {
  const { code, message } = readError(error)
  if (code !== undefined && MISSING_CODES.has(code.toUpperCase())) return true
  const lower = message.toLowerCase()
  return MISSING_PHRASES.some((phrase) => lower.includes(phrase))
}

function hasStringCode(error: unknown): error is { code: string } {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message
  }
  try {
    return JSON.stringify(error) ?? String(error)
  } catch {
    // A cyclic or BigInt-holding value cannot be JSON: its String form is the text.
    return String(error)
  }
}
