/**
 * Turns a zod schema into the draft-07 JSON Schema published as a function's request_format /
 * response_format. Upstream derives these with schemars, so the output is shaped like schemars':
 * no `additionalProperties`, no empty `properties`, nullable non-primitives as a type array
 * (`{"type":["array","null"],"items":…}`), non-negative integers as Rust `usize`
 * (`"format":"uint","minimum":0`), `required` and object keys in byte order, named sub-schemas
 * under `definitions` and referenced as `#/definitions/Name`.
 */
import type { z } from 'zod'
import { zodToJsonSchema, type JsonSchema7Type } from 'zod-to-json-schema'

export type JsonSchema = { [key: string]: unknown }

/** A schema as published: the zod schema, the JSON Schema's `title` and its named definitions. */
export interface Published<Schema extends z.ZodTypeAny = z.ZodTypeAny> {
  schema: Schema
  schemaTitle: string
  definitions?: Record<string, z.ZodTypeAny>
}

export function toDraft07(
  schema: z.ZodTypeAny,
  title: string,
  definitions: Record<string, z.ZodTypeAny> = {},
): JsonSchema {
  const raw = zodToJsonSchema(schema, {
    target: 'jsonSchema7',
    $refStrategy: 'root',
    definitionPath: 'definitions',
    ...(Object.keys(definitions).length > 0 ? { definitions } : {}),
    removeAdditionalStrategy: 'strict',
    allowedAdditionalProperties: undefined,
    postProcess: schemarsShape,
  }) as JsonSchema
  return sortKeys({ ...raw, title }) as JsonSchema
}

function schemarsShape(json: JsonSchema7Type | undefined, def: z.ZodTypeDef): JsonSchema7Type | undefined {
  if (json === undefined) return json
  const out = json as JsonSchema
  const typeName = (def as { typeName?: string }).typeName
  if (typeName === 'ZodNumber' && out.type === 'integer' && out.minimum === 0) out.format = 'uint'
  if (typeName === 'ZodNullable') return mergeNullable(out) as JsonSchema7Type
  if (out.type === 'object' && isEmptyObject(out.properties)) delete out.properties
  if (Array.isArray(out.required)) out.required = [...(out.required as string[])].sort(byteOrder)
  return json
}

// {"anyOf":[{"type":"array","items":…},{"type":"null"}]} => {"type":["array","null"],"items":…}
function mergeNullable(json: JsonSchema): JsonSchema {
  const anyOf = json.anyOf
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return json
  const [base, nullType] = anyOf as JsonSchema[]
  if (base === undefined || nullType?.type !== 'null' || typeof base.type !== 'string') return json
  const { anyOf: _dropped, ...rest } = json
  return { ...base, ...rest, type: [base.type, 'null'] }
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0
}

function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b))
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (typeof value !== 'object' || value === null) return value
  const entries = Object.keys(value).sort(byteOrder)
  return Object.fromEntries(entries.map((key) => [key, sortKeys((value as JsonSchema)[key])]))
}
