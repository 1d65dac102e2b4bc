/**
 * D10: function output served as `application/json` is printed the way serde_json's
 * `to_string_pretty` prints it upstream: 2-space indent, `"key": value`, `[]` and `{}` for empties,
 * object keys sorted by UTF-8 bytes at every depth (serde's map is a BTreeMap), no trailing newline.
 * Numbers are printed as serde would re-print the JSON text the engine delivered: integer literals
 * that fit i64/u64 verbatim, everything else as an f64 in ryu's notation (1e21, 1e-7, 1.5e300).
 */
import { SkillsError } from './errors.js'
import { compareUtf8 } from './ids.js'
import * as msg from './messages.js'

const INDENT = '  '



/**
 * Throws `response too large` as soon as the text would pass `maxLength` UTF-16 code units (never
 * more bytes than that): indentation grows with depth, so a few MB of nested arrays would otherwise
 * print to gigabytes before anything could refuse them.
 */
export function sortedPrettyJson(value: unknown, maxLength: number): string {
  const budget = { left: maxLength, max: maxLength }
  return render(value, '', budget)
}

interface Budget {
  left: number
  max: number
}

function spend(budget: Budget, length: number): void {
  budget.left -= length
  if (budget.left < 0) throw new SkillsError(msg.responseTooLarge(budget.max))
}

function render(value: unknown, indent: string, budget: Budget): string {
  const leaf = renderLeaf(value)
  if (leaf !== undefined) {
    spend(budget, leaf.length)
    return leaf
  }
  const inner = indent + INDENT
  if (Array.isArray(value)) {
    if (value.length === 0) return empty('[]', budget)
    // "[\n" + items joined by ",\n" + "\n" + indent + "]"
    spend(budget, 4 + indent.length + value.length * (inner.length + 2) - 2)
    const items = value.map((item) => inner + render(item, inner, budget))
    return `[\n${items.join(',\n')}\n${indent}]`
  }
  const record = value as Record<string, unknown>
  const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort(compareUtf8)
  if (keys.length === 0) return empty('{}', budget)
  spend(budget, 4 + indent.length + keys.length * (inner.length + 4) - 2)
  const members = keys.map((key) => {
    const name = JSON.stringify(key)
    spend(budget, name.length)
    return `${inner}${name}: ${render(record[key], inner, budget)}`
  })
  return `{\n${members.join(',\n')}\n${indent}}`
}

function empty(text: string, budget: Budget): string {
  spend(budget, text.length)
  return text
}

/** The text of a scalar, or undefined for an array or object. */
function renderLeaf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null'
  switch (typeof value) {
    case 'string': return JSON.stringify(value)
    case 'number': return formatNumber(value)
    case 'boolean': return value ? 'true' : 'false'
    case 'bigint': return value.toString()
    case 'object': return undefined
    default: return 'null'
  }
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
