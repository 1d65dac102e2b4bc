/**
 * `state::list` answers in several shapes depending on the engine build (§1 general rules): a bare
 * array, `{items: [{key, value}]}`, or `{value: [...]}`. This flattens them to the stored rows.
 */

// [a, b] => [a, b]; {items: [{value: a}, {key}]} => [a]; {value: [a]} => [a]; anything else => []
export function extractStateEntries(result: unknown): unknown[] {
  if (Array.isArray(result)) return result
  if (!isObject(result)) return []
  if (Array.isArray(result.items)) {
    return result.items.filter((item) => isObject(item) && Object.hasOwn(item, 'value')).map((item) => item.value)
  }
  if (Array.isArray(result.value)) return result.value
  return []
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
