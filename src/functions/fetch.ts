/**
 * `skills::fetch_skill` and its alias `skill::fetch` (§1.9): resolve every URI, join the sections.
 * URIs are resolved FETCH_CONCURRENCY at a time and consumed in input order: the first failing URI
 * (in input order) fails the whole call with its resolver error, as the sequential upstream loop
 * does, and URIs past that batch are never resolved. The joined text is budgeted as it grows, so a
 * short list naming one big skill many times fails fast instead of building an unsendable answer.
 * With `max_tokens` the joined text is cut to the budget (E7.4, fetch-budget.ts).
 */
import { fetchSection, joinFetchSections, SECTION_SEPARATOR, SkillsError, selectFetchUris, type FetchInput, utf8Length, FETCH_CONCURRENCY, MAX_PAYLOAD_BYTES, messages as msg, III_URI_PREFIX } from '../core/index.js'
import { defineFunction, READ_ONLY } from './define.js'
import type { Deps } from './deps.js'
import { withinBudget } from './fetch-budget.js'
import { resolveUri } from './resolve.js'
import { FetchSkillInput, FetchSkillOutput } from '../schemas/index.js'

const FETCH_DESCRIPTION =
  `Fetches the content of one or more skill resources identified by ${III_URI_PREFIX} URIs. When you encounter ${III_URI_PREFIX} ` +
  'links in skill instructions, use this tool to retrieve their contents (batch with `uris` when helpful).'
const FETCH_INPUT = { schema: FetchSkillInput, schemaTitle: 'FetchSkillInput' }
const FETCH_OUTPUT = { schema: FetchSkillOutput, schemaTitle: 'String' }

/** Upstream's internal id; `skill::fetch` is the same function under the name the tool list shows. */
export const skillsFetchSkill = defineFunction({ id: 'skills::fetch_skill', description: FETCH_DESCRIPTION, input: FETCH_INPUT, output: FETCH_OUTPUT }, fetchSkills)

export const skillFetch = defineFunction({
  id: 'skill::fetch',
  description: FETCH_DESCRIPTION,
  input: FETCH_INPUT,
  output: FETCH_OUTPUT,
  metadata: { tool: { label: 'Fetch skill' } },
  tool: { title: 'Fetch skill', annotations: READ_ONLY, role: 'read', hint: `a skill, or one section of it: ${III_URI_PREFIX}{id}#anchor, or a token budget` },
}, fetchSkills)

export async function fetchSkills(input: FetchInput & Pick<FetchSkillInput, 'max_tokens'>, deps: Deps): Promise<string> {
  const uris = selectFetchUris(input)
  const sections: string[] = []
  const texts: string[] = []
  let bytes = 0
  for (let start = 0; start < uris.length; start += FETCH_CONCURRENCY) {
    const batch = uris.slice(start, start + FETCH_CONCURRENCY)
    const results = await Promise.allSettled(batch.map((uri) => resolveUri(uri, deps)))
    for (const [i, result] of results.entries()) {
      if (result.status === 'rejected') throw result.reason
      const section = fetchSection(batch[i] as string, result.value.text)
      bytes += utf8Length(section) + (sections.length > 0 ? SEPARATOR_BYTES : 0)
      if (bytes > MAX_PAYLOAD_BYTES) throw new SkillsError(msg.responseTooLarge(MAX_PAYLOAD_BYTES))
      sections.push(section)
      texts.push(result.value.text)
    }
  }
  const joined = joinFetchSections(sections)
  return input.max_tokens == null ? joined : withinBudget(joined, uris.slice(0, sections.length), texts, input.max_tokens, deps)
}

const SEPARATOR_BYTES = utf8Length(SECTION_SEPARATOR)
