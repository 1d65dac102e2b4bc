/** Inputs of the MCP Skills Extension's internal functions (E6); unknown fields are ignored (D8). */
import { z } from 'zod'

export const SepListInput = z.object({
  digests: z.boolean().nullish().describe('false: frontmatter only, no file reads (resources/list); default true.'),
})

export const SepUriInput = z.object({
  uri: z.string().describe('A skill:// URI.'),
})

export type SepListInput = z.infer<typeof SepListInput>
export type SepUriInput = z.infer<typeof SepUriInput>
