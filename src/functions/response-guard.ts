/**
 * Every handler's answer passes through here on its way to the SDK, which puts it on the wire in
 * one frame. A result too big for the engine's frame limit becomes an error, and an error text too
 * long to send (one that echoes a multi-megabyte input) is cut, so no input can make the worker
 * send a frame that gets its connection closed (src/core/limits.ts).
 */
import { errorText, InvalidParamsError, SkillsError, jsonBytesOver, MAX_ERROR_TEXT_UNITS, MAX_PAYLOAD_BYTES, utf8Length, messages as msg } from '../core/index.js'
import type { Deps } from './deps.js'

export type Handler<I, O = unknown> = (input: I, deps: Deps) => Promise<O>

export function guardResponse<I>(handler: Handler<I>): Handler<I> {
  return async (input, deps) => {
    let result: unknown
    try {
      result = await handler(input, deps)
    } catch (error) {
      throw boundedError(error)
    }
    if (jsonBytesOver(result, MAX_PAYLOAD_BYTES) !== undefined) throw new SkillsError(msg.responseTooLarge(MAX_PAYLOAD_BYTES))
    return result
  }
}

function boundedError(error: unknown): unknown {
  const text = errorText(error)
  if (text.length <= MAX_ERROR_TEXT_UNITS) return error
  const Kind = error instanceof InvalidParamsError ? InvalidParamsError : SkillsError
  return new Kind(msg.errorTextTruncated(truncateUnits(text, MAX_ERROR_TEXT_UNITS), utf8Length(text)))
}

/** The first `max` UTF-16 code units of `text`, never ending inside a surrogate pair. */
export function truncateUnits(text: string, max: number): string {
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max
  return text.slice(0, end)
}
