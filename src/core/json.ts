/**
 * D10: function output served as `application/json` is printed the way serde_json's
 * `to_string_pretty` prints it upstream: 2-space indent, `"key": value`, `[]` and `{}` for empties,
 * object keys sorted by UTF-8 bytes at every depth (serde's map is a BTreeMap), no trailing newline.
 * Numbers are printed as serde would re-print the JSON text the engine delivered: integer literals
 * that fit i64/u64 verbatim, everything else as an f64 in ryu's notation (1e21, 1e-7, 1.5e300).
 */
import { compareUtf8 } from './ids.js'

const INDENT = '  '

export function sortedPrettyJson(value: unknown): string {
  return render(value, '')
}

function render(value: unknown, indent: string): string {
  if (value === null || value === undefined) return 'null'
  switch (typeof value) {
    case 'string': return JSON.stringify(value)
    case 'number': return formatNumber(value)
    case 'boolean': return value ? 'true' : 'false'
    case 'bigint': return value.toString()
    case 'object': break
    default: return 'null'
  }
  const inner = indent + INDENT
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    const items = value.map((item) => inner + render(item, inner))
    return `[\n${items.join(',\n')}\n${indent}]`
  }
  const keys = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort(compareUtf8)
  if (keys.length === 0) return '{}'
  const members = keys.map((key) => `${inner}${JSON.stringify(key)}: ${render((value as Record<string, unknown>)[key], inner)}`)
  return `{\n${members.join(',\n')}\n${indent}}`
}

const I64_MIN = -(2n ** 63n)
const U64_MAX = 2n ** 64n - 1n

// 42 => "42"; 1e20 => "100000000000000000000"; 1e21 => "1e21"; 0.000001 => "1e-6"; 0.5 => "0.5"
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return 'null'
  const literal = JSON.stringify(value)
  if (/^-?\d+$/.test(literal)) {
    const integer = BigInt(literal)
    if (integer >= I64_MIN && integer <= U64_MAX) return literal
  }
  return formatF64(value)
}

/** ryu's `format64`: shortest round-trip digits, decimal for 1e-5 <= |x| < 1e16, else `d.ddde±x`. */
function formatF64(value: number): string {
  const sign = value < 0 ? '-' : ''
  const [mantissa = '', exp = '0'] = Math.abs(value).toExponential().split('e')
  const digits = mantissa.replace('.', '')
  const length = digits.length
  const exponent = Number(exp) - (length - 1) // value = digits × 10^exponent
  const kk = length + exponent // 10^(kk-1) <= |value| < 10^kk
  let body: string
  if (exponent >= 0 && kk <= 16) body = `${digits}${'0'.repeat(exponent)}.0`
  else if (kk > 0 && kk <= 16) body = `${digits.slice(0, kk)}.${digits.slice(kk)}`
  else if (kk > -5 && kk <= 0) body = `0.${'0'.repeat(-kk)}${digits}`
  else if (length === 1) body = `${digits}e${kk - 1}`
  else body = `${digits[0]}.${digits.slice(1)}e${kk - 1}`
  return sign + body
}
