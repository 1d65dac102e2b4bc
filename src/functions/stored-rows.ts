/**
 * Decoding of registry rows read back from state. Rows that do not decode are dropped from listings
 * (upstream's serde behaviour) but reported as `decode stored …` errors on a direct read.
 */
import type { z } from 'zod'
import { SkillsError, errorText, stateGetFailed } from '../core/index.js'
import { parseInput, StoredPrompt, StoredSkill } from '../schemas/index.js'
import type { Deps } from './deps.js'

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
function decodeRow<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown): { row: T } | { error: string } {
  try {
    return { row: parseInput(schema, value) }
  } catch (error) {
    return { error: error instanceof SkillsError ? error.message : String(error) }
  }
}

/**
 * One row by key: undefined when absent (or stored as null); `state::get: …` on a transport error and
 * `decodeError(key, reason)` when the stored value does not decode.
 */
export async function getStoredRow<T>(
  deps: Pick<Deps, 'state'>,
  scope: string,
  key: string,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  decodeError: (key: string, reason: string) => string,
): Promise<T | undefined> {
  let value: unknown
  try {
    value = await deps.state.get(scope, key)
  } catch (error) {
    throw new SkillsError(stateGetFailed(errorText(error)))
  }
  if (value === undefined || value === null) return undefined
  const decoded = decodeRow(schema, value)
  if ('error' in decoded) throw new SkillsError(decodeError(key, decoded.error))
  return decoded.row
}

export { StoredPrompt, StoredSkill }
