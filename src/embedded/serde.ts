/**
 * Just enough of serde's derive semantics to decode wire frames and built-in inputs the way the
 * Rust engine does: unknown keys ignored, `Option` fields accept `null`, required fields must be
 * present, and failures read like serde_json's (`missing field \`key\``,
 * `invalid type: integer \`5\`, expected a string`). The texts surface in `deserialization_error`.
 */
import { isJsonObject, type JsonObject, debugString } from '../core/index.js'

export class DecodeError extends Error {
  override readonly name = 'DecodeError'
}


type FieldKind = 'string' | 'bool' | 'i64' | 'u64' | 'any' | 'strings' | 'uuid'

export interface FieldSpec {
  kind: FieldKind
  /** `Option<T>`: absent or null decode to undefined. */
  optional?: boolean
  /** `#[serde(alias = "…")]` */
  alias?: string
}

/** serde's `Unexpected` as serde_json prints it: `null`, ``integer `5` ``, `string "x"`, `map`. */
export function unexpected(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'boolean') return `boolean \`${value}\``
  if (typeof value === 'number') {
    return Number.isInteger(value) ? `integer \`${value}\`` : `floating point \`${value}\``
  }
  if (typeof value === 'string') return `string ${debugString(value)}`
  if (Array.isArray(value)) return 'sequence'
  return 'map'
}

export function invalidType(value: unknown, expected: string): string {
  return `invalid type: ${unexpected(value)}, expected ${expected}`
}


const UUID_HYPHENATED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const UUID_SIMPLE = /^[0-9a-f]{32}$/i

/** The `uuid` crate's accepted spellings, normalised to what it serialises: lowercase hyphenated. */
function parseUuid(text: string): string | undefined {
  let s = text
  if (s.startsWith('urn:uuid:')) s = s.slice(9)
  else if (s.startsWith('{') && s.endsWith('}')) s = s.slice(1, -1)
  if (UUID_HYPHENATED.test(s)) return s.toLowerCase()
  if (!UUID_SIMPLE.test(s)) return undefined
  const h = s.toLowerCase()
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

function decodeField(kind: FieldKind, value: unknown): unknown {
  switch (kind) {
    case 'any':
      return value
    case 'string':
      if (typeof value !== 'string') throw new DecodeError(invalidType(value, 'a string'))
      return value
    case 'bool':
      if (typeof value !== 'boolean') throw new DecodeError(invalidType(value, 'a boolean'))
      return value
    case 'i64':
    case 'u64':
      if (typeof value !== 'number' || !Number.isInteger(value)) throw new DecodeError(invalidType(value, kind))
      if (kind === 'u64' && value < 0) throw new DecodeError(`invalid value: integer \`${value}\`, expected u64`)
      return value
    case 'strings':
      if (!Array.isArray(value)) throw new DecodeError(invalidType(value, 'a sequence'))
      return value.map((item) => decodeField('string', item))
    case 'uuid': {
      if (typeof value !== 'string') throw new DecodeError(invalidType(value, 'a UUID string'))
      const uuid = parseUuid(value)
      if (uuid === undefined) throw new DecodeError(`UUID parsing failed: ${debugString(value)}`)
      return uuid
    }
  }
}

/**
 * Decodes `value` as the struct `name` with `fields` (declaration order). Type errors are reported
 * in input key order, then the first missing required field in declaration order, like serde.
 */
export function decodeStruct(name: string, value: unknown, fields: Record<string, FieldSpec>): JsonObject {
  if (!isJsonObject(value)) throw new DecodeError(invalidType(value, `struct ${name}`))
  const byWireName = new Map<string, string>()
  for (const [field, spec] of Object.entries(fields)) {
    byWireName.set(field, field)
    if (spec.alias !== undefined) byWireName.set(spec.alias, field)
  }
  const out: JsonObject = {}
  const seen = new Set<string>()
  for (const [key, raw] of Object.entries(value)) {
    const field = byWireName.get(key)
    if (field === undefined) continue
    if (seen.has(field)) throw new DecodeError(`duplicate field \`${field}\``)
    seen.add(field)
    const spec = fields[field] as FieldSpec
    if (spec.optional && (raw === null || raw === undefined)) continue
    out[field] = decodeField(spec.kind, raw)
  }
  for (const [field, spec] of Object.entries(fields)) {
    if (!spec.optional && !seen.has(field)) throw new DecodeError(`missing field \`${field}\``)
  }
  return out
}
