/**
 * Decoding of registry rows read back from state. Rows that do not decode are dropped from listings
 * (upstream's serde behaviour) but reported as `decode stored …` errors on a direct read.
 */
import type { z } from 'zod'
import { SkillsError } from '../core/errors.js'
import { parseInput } from '../schemas/parse.js'
import { StoredPrompt, StoredSkill } from '../schemas/stored.js'

export type StoredSkillRow = z.infer<typeof StoredSkill>
export type StoredPromptRow = z.infer<typeof StoredPrompt>

function decodeAll<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, values: unknown[]): T[] {
  return values.flatMap((value) => {
    const parsed = schema.safeParse(value)
    return parsed.success ? [parsed.data] : []
  })
}

export const decodeSkillRows = (values: unknown[]): StoredSkillRow[] => decodeAll(StoredSkill, values)
export const decodePromptRows = (values: unknown[]): StoredPromptRow[] => decodeAll(StoredPrompt, values)

/** Decodes one row; the error message is the decoder's own (names the field), for `decode stored …`. */
export function decodeRow<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown): { row: T } | { error: string } {
  try {
    return { row: parseInput(schema, value) }
  } catch (error) {
    return { error: error instanceof SkillsError ? error.message : String(error) }
  }
}

export { StoredPrompt, StoredSkill }
