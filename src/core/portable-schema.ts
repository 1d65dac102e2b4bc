/**
 * E18.4: a JSON Schema every client can map, one type per field. Clients that turn a tool's schema
 * into one type per field (Gemini-style function declarations, OpenAPI 3.0) reject or drop a `type`
 * array and the type `null`, so an optional field is published as simply not required: `type:
 * [X, "null"]` becomes `type: X` (several types left become an `anyOf` of one type each), an `anyOf`/`oneOf` branch `{type: "null"}` is dropped (one branch
 * left is inlined), and a `null` in an `enum` is dropped. The handlers still take a `null` for such a
 * field as absent (their zod schemas are `.nullish()`). Pure; the input is not changed.
 */
import { isJsonObject, type JsonObject } from './json-object.js'

const isNullType = (schema: unknown): boolean => isJsonObject(schema) && schema.type === 'null' && Object.keys(schema).length === 1

function portableBranches(branches: unknown[]): unknown[] {
  return branches.filter((branch) => !isNullType(branch)).map(portableSchema)
}

// {type:["string","null"], description:"d"} => {type:"string", description:"d"}
export function portableSchema<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(portableSchema) as T
  if (!isJsonObject(schema)) return schema
  let out: JsonObject = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((type) => type !== 'null')
      if (types.length === 1) out.type = types[0]
      else if (types.length > 1) out.anyOf = types.map((type) => ({ type }))
    } else if (key === 'enum' && Array.isArray(value)) out.enum = value.filter((item) => item !== null)
    else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      const branches = portableBranches(value)
      if (branches.length === 1 && isJsonObject(branches[0])) out = { ...out, ...branches[0] }
      else out[key] = branches
    } else out[key] = portableSchema(value)
  }
  return out as T
}
