/**
 * Wire shapes of the skills registry functions (§1.3–§1.5). Field docs are upstream's schemars
 * doc comments, published as JSON Schema `description`s.
 */
import { z } from 'zod'
import { III_URI_PREFIX } from '../core/index.js'

export const RegisterSkillInput = z.object({
  id: z.string().describe('Unique skill id (lowercase ASCII, kebab/underscore, max 64 chars).'),
  skill: z.string().describe(`Markdown body served at ${III_URI_PREFIX}{id}.`),
})

export const RegisterSkillOutput = z.object({
  id: z.string(),
  registered_at: z.string(),
})

export const UnregisterSkillInput = z.object({
  id: z.string(),
})

export const UnregisterSkillOutput = z.object({
  id: z.string(),
  removed: z.boolean(),
})

export const ListSkillsInput = z.object({})

export const SkillEntry = z.object({
  id: z.string(),
  bytes: z.number().int().nonnegative(),
  registered_at: z.string(),
  origin: z
    .string()
    .describe(
      '`"state"` for state-backed skills (`skills::register`), `"fs"` for filesystem-backed entries loaded ' +
        'via the `skills:` glob patterns. Lets clients distinguish the two without a separate query.',
    ),
})

export const ListSkillsOutput = z.object({
  skills: z.array(SkillEntry),
})

export type RegisterSkillInput = z.infer<typeof RegisterSkillInput>
export type RegisterSkillOutput = z.infer<typeof RegisterSkillOutput>
export type UnregisterSkillInput = z.infer<typeof UnregisterSkillInput>
export type UnregisterSkillOutput = z.infer<typeof UnregisterSkillOutput>
export type SkillEntry = z.infer<typeof SkillEntry>
export type ListSkillsOutput = z.infer<typeof ListSkillsOutput>
