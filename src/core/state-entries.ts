/**
 * `state::list` answers in several shapes depending on the engine build (§1 general rules): a bare
 * array, `{items: [{key, value}]}`, or `{value: [...]}`. This flattens them to the stored rows.
 */
import { isJsonObject } from './json-object.js'

// [a, b] => [a, b]; {items: [{value: a}, {key}]} => [a]; {value: [a]} => [a]; anything else => []
export function extractStateEntries(result: unknown): unknown[] {
  if (Array.isArray(result)) return result
  if (!isJsonObject(result)) return []
  if (Array.isArray(result.items)) {
    return result.items.filter((item) => isJsonObject(item) && Object.hasOwn(item, 'value')).map((item) => item.value)
  }
  if (Array.isArray(result.value)) return result.value
  return []
}

