/**
 * Payload decoding with serde's rules (D8): unknown keys are ignored (the engine adds
 * `_caller_worker_id` to every object payload), defaults fill absent fields, and a missing field or a
 * wrong JSON type fails with a message naming the field path:
 *   {arguments: [{name: 'a'}, {}]} => "missing field `arguments[1].name`"
 * Only the fields a schema names are inspected, so huge or deeply nested values elsewhere cost nothing.
 */
import type { z } from 'zod'
import { SkillsError, messages as msg } from '../core/index.js'

type Path = ReadonlyArray<string | number>

export function parseInput<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, data: unknown): T {
  const result = schema.safeParse(data)
  if (result.success) return result.data
  throw new SkillsError(describeIssue(firstIssue(result.error.issues), schema, data))
}

// serde reports a wrong type where it meets it, and missing fields only after the whole object.
function firstIssue(issues: z.ZodIssue[]): z.ZodIssue {
  const wrongType = issues.find((issue) => !isMissing(issue))
  return (wrongType ?? issues[0]) as z.ZodIssue
}

function isMissing(issue: z.ZodIssue): boolean {
  return issue.code === 'invalid_type' && issue.received === 'undefined'
}

function describeIssue(issue: z.ZodIssue, schema: z.ZodTypeAny, data: unknown): string {
  const field = formatPath(issue.path)
  if (issue.code !== 'invalid_type') return msg.invalidFieldValue(field, issue.message)
  const got = jsonTypeName(valueAt(data, issue.path))
  const expected = expectedAt(schema, issue.path, issue.expected)
  if (issue.path.length === 0) return msg.invalidPayloadType(expected, got)
  return isMissing(issue) ? msg.missingField(field) : msg.invalidFieldType(field, expected, got)
}

// ['arguments', 1, 'name'] => "arguments[1].name"
export function formatPath(path: Path): string {
  return path.reduce<string>((out, key, i) => {
    if (typeof key === 'number') return `${out}[${key}]`
    return i === 0 ? key : `${out}.${key}`
  }, '')
}

function jsonTypeName(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'float'
  return typeof value
}

function valueAt(data: unknown, path: Path): unknown {
  let value = data
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined
    value = (value as Record<string | number, unknown>)[key]
  }
  return value
}

// Names the JSON type the schema wants at `path`: "integer" for an int-checked number, "… or null"
// for a nullable field.
function expectedAt(schema: z.ZodTypeAny, path: Path, fallback: string): string {
  let node: z.ZodTypeAny | undefined = schema
  for (const key of path) {
    node = node === undefined ? undefined : childOf(unwrap(node).schema, key)
  }
  if (node === undefined) return fallback
  const { schema: inner, nullable } = unwrap(node)
  const checks = (inner._def as { checks?: Array<{ kind: string }> }).checks ?? []
  const base = fallback === 'number' && checks.some((check) => check.kind === 'int') ? 'integer' : fallback
  return nullable ? `${base} or null` : base
}

function unwrap(schema: z.ZodTypeAny): { schema: z.ZodTypeAny; nullable: boolean } {
  let node = schema
  let nullable = false
  for (;;) {
    const def = node._def as { typeName?: string; innerType?: z.ZodTypeAny }
    if (def.typeName === 'ZodNullable') nullable = true
    if (def.innerType === undefined) return { schema: node, nullable }
    node = def.innerType
  }
}

function childOf(schema: z.ZodTypeAny, key: string | number): z.ZodTypeAny | undefined {
  const def = schema._def as { typeName?: string; shape?: () => Record<string, z.ZodTypeAny>; type?: z.ZodTypeAny }
  if (def.typeName === 'ZodObject' && typeof key === 'string') return def.shape?.()[key]
  if (def.typeName === 'ZodArray') return def.type
  return undefined
}
