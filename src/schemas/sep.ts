/** Inputs of the MCP Skills Extension's internal functions (E6); unknown fields are ignored (D8). Stands alone: one schema module per function family, as the others in src/schemas. */
import { z } from 'zod'
import { viewField } from './view-field.js'
import { SKILL_URI_PREFIX } from '../core/index.js'

export const SepListInput = z.object({
  digests: z.boolean().nullish().describe('false: frontmatter only, no file reads (resources/list); default true.'),
  after: z.string().nullish().describe(`Only skills whose ${SKILL_URI_PREFIX} URI sorts after this one (a page's cursor).`),
  limit: z.number().int().positive().nullish().describe('At most this many skills (a page); `more` says whether others follow.'),
  uri: z.string().nullish().describe(`Only the skill of this ${SKILL_URI_PREFIX} SKILL.md URI (skills/get).`),
  view: viewField(),
})

export const SepUriInput = z.object({
  uri: z.string().describe(`A ${SKILL_URI_PREFIX} URI.`),
})

export type SepListInput = z.infer<typeof SepListInput>
export type SepUriInput = z.infer<typeof SepUriInput>
