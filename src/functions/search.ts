/**
 * `skill::search` (extensions.md E4.4): the index brought up to date, the query ranked, then the
 * best `limit` results served from their bodies as they are now (title, description, snippet), so
 * nothing shown is older than the call. A result whose skill went away meanwhile is left out and
 * the next one takes its place.
 */
import { compareUtf8 } from '../core/ids.js'
import { errorText, SkillsError } from '../core/errors.js'
import { splitFrontmatter } from '../core/frontmatter.js'
import { indexLine } from '../core/index-page.js'
import { stateGetFailed } from '../core/messages.js'
import { plainText, snippet } from '../core/search-text.js'
import { subtreeRoot } from '../core/subtree.js'
import { readBody } from '../fs/read-body.js'
import { SEARCH_LIMIT_DEFAULT, type SearchResult, type SearchSkillsInput, type SearchSkillsOutput } from '../schemas/search.js'
import type { Deps } from './deps.js'
import { searchIndexOf, type SearchHit } from './search-index.js'
import { StoredSkill } from './stored-rows.js'

/** Scores are rounded to this many decimals, so equal relevance sorts by id. */
const SCORE_DECIMALS = 4

export async function searchSkills(input: SearchSkillsInput, deps: Deps): Promise<SearchSkillsOutput> {
  const index = searchIndexOf(deps)
  await index.refresh()
  const limit = input.limit ?? SEARCH_LIMIT_DEFAULT
  const hits = index.search(input.query, input.under === null ? undefined : subtreeRoot(input.under))
    .map((hit) => ({ ...hit, score: round(hit.score) }))
    .sort((a, b) => b.score - a.score || compareUtf8(a.id, b.id))
  const results: SearchResult[] = []
  let next = 0
  while (results.length < limit && next < hits.length) {
    const batch = hits.slice(next, next + limit - results.length)
    next += batch.length
    for (const result of await Promise.all(batch.map((hit) => serve(hit, deps)))) if (result !== undefined) results.push(result)
  }
  return { results }
}

async function serve(hit: SearchHit, deps: Deps): Promise<SearchResult | undefined> {
  const body = hit.origin === 'state' ? await stateBody(hit.id, deps) : await readBody(hit.path as string).catch(() => undefined)
  if (body === undefined) return undefined
  const { title, description } = indexLine({ id: hit.id, body })
  const text = hit.origin === 'state' ? splitFrontmatter(body).body : body
  return {
    uri: `iii://${hit.id}`,
    id: hit.id,
    title: title ?? hit.id,
    ...(description === undefined ? {} : { description }),
    score: hit.score,
    snippet: snippet(plainText(text), new Set(hit.terms)),
  }
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

function round(score: number): number {
  const scale = 10 ** SCORE_DECIMALS
  return Math.round(score * scale) / scale
}
