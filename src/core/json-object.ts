/** A JSON object as decoded from the wire: any value that is an object, not null, not an array. */
export type JsonObject = { [key: string]: unknown }

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
