/**
 * `skill::search` (E4.4): the index brought up to date, the query ranked, then the
 * best `limit` results served from their bodies as they are now (title, description, snippet), so
 * nothing shown is older than the call. A result whose skill went away meanwhile is left out and
 * the next one takes its place.
 */
import { contentStamp, errorText, SkillsError, stateGetFailed, plainText, snippet, wordsWithTerms, subtreeRoot, TextMemo, tokenizer, III_URI_PREFIX, iiiUri } from '../core/index.js'
import { SEARCH_LIMIT_DEFAULT, SearchResult, SearchSkillsInput, SearchSkillsOutput } from '../schemas/index.js'
import { defineFunction, READ_ONLY } from './define.js'
import type { Deps } from './deps.js'
import type { SearchBodies } from './search-bodies.js'
import { searchableText, searchIndexOf, shownLine } from './search-index.js'
import type { Entry, SearchMatch } from './search-port.js'
import { StoredSkill } from './stored-rows.js'

/** Plain texts of bodies served lately: the same results are asked for again and again. */
const PLAIN_TEXTS = new TextMemo<string>(4 * 1024 * 1024)

export const skillSearch = defineFunction({
  id: 'skill::search',
  description: 'Searches the skills by relevance (id, title, description, headings and body) and returns the best matches, ' +
    `each with its ${III_URI_PREFIX} URI, title, description, score and a snippet of the text around the match. Read a ` +
    'result with skill::fetch (the skill__fetch tool). `under` keeps one subtree of ids (e.g. "acme").',
  input: { schema: SearchSkillsInput, schemaTitle: 'SearchSkillsInput' },
  output: { schema: SearchSkillsOutput, schemaTitle: 'SearchSkillsOutput', definitions: { SearchResult } },
  tool: { title: 'Search skills', annotations: READ_ONLY, role: 'find', hint: 'with what you need' },
}, searchSkills)

export async function searchSkills(input: SearchSkillsInput, deps: Deps): Promise<SearchSkillsOutput> {
  const index = searchIndexOf(deps)
  await index.refresh()
  const limit = input.limit ?? SEARCH_LIMIT_DEFAULT
  const root = input.under === null ? undefined : subtreeRoot(input.under)
  const results: SearchResult[] = []
  // A match whose body can no longer be served is left out: rank further until `limit` are served
  // or no match is left (the ranking is a total order, so a longer one extends a shorter one).
  for (let k = limit, from = 0; ; k *= 2) {
    const hits = index.search(input.query, root, k)
    const served = await Promise.all(hits.slice(from).map((hit) => {
      const entry = index.entryOf(hit.id)
      return entry === undefined ? undefined : serve(hit, entry, index.bodies, deps)
    }))
    for (const result of served) if (result !== undefined && results.length < limit) results.push(result)
    if (results.length === limit || hits.length < k) break
    from = hits.length
  }
  return { results }
}

async function serve(hit: SearchMatch, entry: Entry, bodies: SearchBodies, deps: Deps): Promise<SearchResult | undefined> {
  const body = entry.origin === 'state' ? await indexedStateBody(hit.id, entry.stamp, bodies, deps) : await deps.fs.reads.body(entry.skill.path).catch(() => undefined)
  if (body === undefined) return undefined
  const { title, description } = shownLine(hit.id, body, entry)
  const text = searchableText(body, entry)
  const plain = PLAIN_TEXTS.get(text, () => plainText(text))
  return {
    uri: iiiUri(hit.id),
    id: hit.id,
    title: title ?? hit.id,
    ...(description === undefined ? {} : { description }),
    score: hit.score,
    snippet: snippet(plain, wordsWithTerms(plain, new Set(hit.terms))),
    tokens: await (await tokenizer()).count(body),
  }
}

// The body the index entry was built from when it is still kept (a search is a listing: E3 lets it
// show what the index holds), else the row's body now, kept for the next call if it is that body.
async function indexedStateBody(id: string, stamp: string, bodies: SearchBodies, deps: Deps): Promise<string | undefined> {
  const kept = bodies.get(id, stamp)
  if (kept !== undefined) return kept
  const body = await stateBody(id, deps)
  if (body !== undefined && contentStamp(body) === stamp) bodies.set(id, stamp, body)
  return body
}

// The row's body now; undefined when it is gone or no longer decodes (listings skip such rows too).
async function stateBody(id: string, deps: Deps): Promise<string | undefined> {
  let value: unknown
  try {
    value = await deps.state.get(deps.config.scopes.skills, id)
  } catch (error) {
    throw new SkillsError(stateGetFailed(errorText(error)))
  }
  const parsed = StoredSkill.safeParse(value)
  return parsed.success ? parsed.data.skill : undefined
}
