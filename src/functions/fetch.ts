/**
 * `skills::fetch_skill` and its alias `skill::fetch` (§1.9): resolve every URI, join the sections.
 * Reads run in parallel; the output keeps the input order and the first failing URI (in input order)
 * fails the whole call with its resolver error, as the sequential upstream loop does.
 */
import { fetchSection, joinFetchSections } from '../core/envelopes.js'
import { selectFetchUris } from '../core/fetch-input.js'
import type { Deps } from './deps.js'
import { resolveUri } from './resolve.js'

export async function fetchSkills(input: { uri?: string | null; uris?: string[] | null }, deps: Deps): Promise<string> {
  const uris = selectFetchUris(input)
  const results = await Promise.allSettled(uris.map((uri) => resolveUri(uri, deps)))
  const sections = results.map((result, i) => {
    if (result.status === 'rejected') throw result.reason
    return fetchSection(uris[i] as string, result.value.text)
  })
  return joinFetchSections(sections)
}
