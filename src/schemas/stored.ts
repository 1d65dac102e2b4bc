/**
 * The registry rows kept in state (§1.3 step 4, §1.10). Reading them back uses the same decoding
 * rules as function input: unknown keys ignored, `arguments` defaulting to `[]`, each argument's
 * `required` to false, as upstream's serde structs do.
 * Stands alone: one schema module per function family, as the others in src/schemas.
 */
import { z } from 'zod'
import { PromptArgument } from './prompts.js'

export const StoredSkill = z.object({
  id: z.string(),
  skill: z.string(),
  registered_at: z.string(),
})

export const StoredPrompt = z.object({
  name: z.string(),
  description: z.string(),
  arguments: z.array(PromptArgument).default(() => []),
  function_id: z.string(),
  registered_at: z.string(),
})

export type StoredSkill = z.infer<typeof StoredSkill>
export type StoredPrompt = z.infer<typeof StoredPrompt>
