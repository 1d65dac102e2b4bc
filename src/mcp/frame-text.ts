/**
 * E16.2: the text of an outgoing stdio frame, `JSON.stringify(message) + '\n'`, built from the texts
 * settled values keep (core/limits.ts settleJsonText): a `resources/list` page is written from its
 * 500 entries' texts instead of serialising them again, which was the biggest share of a page's time.
 * Only for results that carry such entries (an array of the result whose first element has a text);
 * every other message is left to the SDK's own serialisation.
 * The text is the one JSON.stringify prints: the same keys in the same order, `undefined`, functions
 * and symbols left out of objects and `null` in arrays, and anything that is not a plain object or
 * array (a Date, a boxed value, a class instance, anything with toJSON) printed by JSON.stringify
 * itself. A message JSON cannot print gets no text here, and the SDK reports it as before.
 */
import { isJsonObject, settledJsonText } from '../core/index.js'

/** The frame's text when its result carries settled entries, else undefined. */
export function frameText(message: unknown): string | undefined {
  if (!carriesSettledEntries(message)) return undefined
  try {
    return `${jsonText(message)}\n`
  } catch {
    return undefined
  }
}

function carriesSettledEntries(message: unknown): boolean {
  const result = isJsonObject(message) ? message.result : undefined
  if (!isJsonObject(result)) return false
  for (const key in result) {
    const value = result[key]
    if (Array.isArray(value) && typeof value[0] === 'object' && value[0] !== null && settledJsonText(value[0]) !== undefined) return true
  }
  return false
}

function jsonText(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value)
  const settled = settledJsonText(value)
  if (settled !== undefined) return settled
  if (Array.isArray(value)) {
    const parts = new Array<string>(value.length)
    for (let i = 0; i < value.length; i++) parts[i] = jsonText(value[i]) ?? 'null'
    return `[${parts.join(',')}]`
  }
  const prototype = Object.getPrototypeOf(value) as unknown
  if ((prototype !== Object.prototype && prototype !== null) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value)
  const parts: string[] = []
  for (const key of Object.keys(value)) {
    const text = jsonText((value as Record<string, unknown>)[key])
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`)
  }
  return `{${parts.join(',')}}`
}
