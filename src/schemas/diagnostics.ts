/**
 * Wire shapes of `skills::diagnostics` (E5.2): what the fs sources skipped and what they serve
 * with a warning, in path order.
 * Stands alone: one schema module per function family, as the others in src/schemas.
 */
import { z } from 'zod'

export const Skipped = z.object({
  kind: z.enum(['skill', 'prompt']),
  path: z.string().describe('The file, or the pattern as written when the pattern itself failed.'),
  reason: z.string(),
})

export const Warning = z.object({
  kind: z.enum(['skill', 'prompt']),
  path: z.string(),
  id: z.string().describe('The id the entry is served under.'),
  message: z.string(),
})

export const DiagnosticsOutput = z.object({
  skipped: z.array(Skipped),
  warnings: z.array(Warning),
})

export type DiagnosticsOutput = z.infer<typeof DiagnosticsOutput>
