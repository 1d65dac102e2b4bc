/**
 * E22.3: every config key as one row — its dotted path, its default as YAML writes it, and what it
 * means — read off ConfigSchema itself, so `--help`, README's configuration block and config.yaml's
 * comments follow the schema instead of repeating it.
 */
import { z } from 'zod'
import { stringify } from 'yaml'
import { ConfigSchema } from './config.js'

export interface ConfigKey {
  /** `cache.max_staleness_ms` */
  key: string
  /** The default as YAML writes it (`1000`, `skills`, `[]`); undefined when the key has none. */
  default: string | undefined
  meaning: string
}

// ZodDefault(ZodOptional(x)) and the like => x, with the outermost default and description kept.
function unwrap(schema: z.ZodTypeAny): { inner: z.ZodTypeAny; fallback: unknown; description: string | undefined } {
  let inner = schema
  let fallback: unknown
  const description = schema.description
  for (;;) {
    if (inner instanceof z.ZodDefault) {
      fallback ??= inner._def.defaultValue()
      inner = inner._def.innerType
    } else if (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap()
    else if (inner instanceof z.ZodEffects) inner = inner.innerType()
    else return { inner, fallback, description: description ?? inner.description }
  }
}

function keysOf(shape: z.ZodRawShape, prefix: string): ConfigKey[] {
  return Object.entries(shape).flatMap(([name, schema]) => {
    const { inner, fallback, description } = unwrap(schema)
    if (inner instanceof z.ZodObject) return keysOf(inner.shape as z.ZodRawShape, `${prefix}${name}.`)
    const key = `${prefix}${name}`
    if (description === undefined) throw new Error(`config key ${key} has no description`)
    return [{ key, default: fallback === undefined ? undefined : stringify(fallback, { collectionStyle: 'flow' }).trim(), meaning: description }]
  })
}

export const CONFIG_KEYS: readonly ConfigKey[] = keysOf(ConfigSchema.shape, '')
