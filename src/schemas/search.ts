/**
 * Wire shapes of `skill::search` (E4.4). Unknown input fields are ignored (D8);
 * `limit` and `under` may be left out or sent as null (clients in strict tool mode send null for
 * every optional argument).
 */
import { z } from 'zod'
import { viewField } from './view-field.js'
import { messages as msg, subtreeProblem, III_URI_PREFIX } from '../core/index.js'
import { boundedInteger } from './bounded-integer.js'

export const SEARCH_LIMIT_DEFAULT = 10
const SEARCH_LIMIT_MAX = 100
const SEARCH_QUERY_MAX_CHARS = 1000

export const SearchSkillsInput = z.object({
  query: z
    .string()
    .superRefine((query, ctx) => {
      if (query.trim() === '') ctx.addIssue({ code: z.ZodIssueCode.custom, message: msg.MUST_NOT_BE_BLANK })
      else if (query.length > SEARCH_QUERY_MAX_CHARS) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: msg.searchQueryTooLong(SEARCH_QUERY_MAX_CHARS) })
      }
    })
    .describe('Words to look for in skill ids, titles, descriptions, headings and bodies, e.g. "refund an invoice".'),
  limit: boundedInteger(1, SEARCH_LIMIT_MAX)
    .nullable()
    .default(null)
    .describe(`Most results to return, 1 to ${SEARCH_LIMIT_MAX} (default ${SEARCH_LIMIT_DEFAULT}).`),
  under: z
    .string()
    .superRefine((under, ctx) => {
      const problem = subtreeProblem(under)
      if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem })
    })
    .nullable()
    .default(null)
    .describe('Only skills in this subtree: "acme" (or "acme/") keeps acme and every acme/... id, not acmex.'),
  view: viewField(),
})

export const SearchResult = z.object({
  uri: z.string().describe(`The skill's ${III_URI_PREFIX} URI; read it with skill::fetch.`),
  id: z.string(),
  title: z.string().describe(`The title the skill's line in the ${III_URI_PREFIX}skills index shows (its H1, else its id).`),
  description: z.string().optional().describe('The description the skill\'s line in the index shows; absent when there is none.'),
  score: z.number().describe('Relevance; results are sorted by score, highest first, then by id.'),
  snippet: z.string().describe('Plain text of the body around the best match, at most 160 characters.'),
  tokens: z.number().int().describe(`Tokens (o200k_base) of the body ${III_URI_PREFIX}<id> serves.`),
})

export const SearchSkillsOutput = z.object({
  results: z.array(SearchResult),
})

export type SearchSkillsInput = z.infer<typeof SearchSkillsInput>
export type SearchResult = z.infer<typeof SearchResult>
export type SearchSkillsOutput = z.infer<typeof SearchSkillsOutput>
