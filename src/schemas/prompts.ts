/**
 * Wire shapes of the prompts registry functions (§1.10–§1.14). `PromptArgument` is also the
 * argument shape of a stored prompt row (stored.ts).
 */
import { z } from 'zod'

export const PromptArgument = z.object({
  name: z.string(),
  description: z.string().nullable().optional(),
  required: z.boolean().default(false),
})

export const RegisterPromptInput = z.object({
  name: z.string().describe('Unique prompt name (lowercase ASCII, kebab/underscore, max 64 chars).'),
  description: z.string().describe("Free-text description shown in the client's prompt picker."),
  arguments: z.array(PromptArgument).default(() => []),
  function_id: z.string().describe('Handler function called on prompts/get with the supplied arguments.'),
})

export const RegisterPromptOutput = z.object({
  name: z.string(),
  registered_at: z.string(),
})

export const UnregisterPromptInput = z.object({
  name: z.string(),
})

export const UnregisterPromptOutput = z.object({
  name: z.string(),
  removed: z.boolean(),
})

export const ListPromptsInput = z.object({})

export const PromptEntry = z.object({
  name: z.string(),
  function_id: z.string(),
  arguments: z.number().int().nonnegative(),
  registered_at: z.string(),
  origin: z
    .string()
    .describe(
      '`"state"` for state-backed prompts (`prompts::register`), `"fs"` for filesystem-backed entries loaded ' +
        'from `prompts:` glob patterns. Mirrors the `skills::list` shape.',
    ),
})

export const ListPromptsOutput = z.object({
  prompts: z.array(PromptEntry),
})

export const PromptGetInput = z.object({
  name: z.string(),
  /** Any JSON value, forwarded to the prompt handler; `null` when absent. */
  arguments: z.unknown().default(null),
})

export type PromptArgument = z.infer<typeof PromptArgument>
export type RegisterPromptInput = z.infer<typeof RegisterPromptInput>
export type RegisterPromptOutput = z.infer<typeof RegisterPromptOutput>
export type UnregisterPromptInput = z.infer<typeof UnregisterPromptInput>
export type UnregisterPromptOutput = z.infer<typeof UnregisterPromptOutput>
export type PromptEntry = z.infer<typeof PromptEntry>
export type ListPromptsOutput = z.infer<typeof ListPromptsOutput>
export type PromptGetInput = z.infer<typeof PromptGetInput>
