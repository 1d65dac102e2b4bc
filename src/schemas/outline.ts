/**
 * Wire shapes of `skill::outline` (E7.2) and the token budget field shared by `skill::fetch` and
 * `skill::read_skill_file` (E7.4). Unknown input fields are ignored (D8).
 */
import { z } from 'zod'
import { viewField } from './view-field.js'
import { III_URI_PREFIX } from '../core/index.js'
import { boundedInteger } from './bounded-integer.js'

const MAX_TOKENS_MIN = 16
const MAX_TOKENS_MAX = 1_000_000

/** `max_tokens`: a function, not a constant, so each schema publishes its own copy rather than a $ref. */
export const maxTokens = (what: string) => boundedInteger(MAX_TOKENS_MIN, MAX_TOKENS_MAX)
  .nullish()
  .describe(`Token budget (o200k_base), ${MAX_TOKENS_MIN} to ${MAX_TOKENS_MAX}: ${what}`)

export const OutlineInput = z.object({
  uri: z.string().describe(`An ${III_URI_PREFIX} URI (${III_URI_PREFIX}acme/billing, or ${III_URI_PREFIX}acme/billing#refunds for one section).`),
  view: viewField(),
})

export const OutlineSection = z.object({
  anchor: z.string().describe(`The heading's GitHub anchor: fetch ${III_URI_PREFIX}<id>#<anchor> for this section alone.`),
  heading: z.string(),
  level: z.number().int().describe('1 for #, … 6 for ######.'),
  tokens: z.number().int().describe('Tokens of the section: its heading line up to the next heading of the same or a higher level.'),
  line: z.number().int().describe('1-based line of the heading in the body.'),
})

export const OutlineOutput = z.object({
  uri: z.string(),
  tokens: z.number().int().describe('Tokens of the whole body (o200k_base).'),
  sections: z.array(OutlineSection),
})

export type OutlineInput = z.infer<typeof OutlineInput>
