/**
 * `skills::fetch_skill` and its alias `skill::fetch` (§1.9): resolve every URI, join the sections.
 * URIs are resolved FETCH_CONCURRENCY at a time and consumed in input order: the first failing URI
 * (in input order) fails the whole call with its resolver error, as the sequential upstream loop
 * does, and URIs past that batch are never resolved. The joined text is budgeted as it grows, so a
 * short list naming one big skill many times fails fast instead of building an unsendable answer.
 */
import { fetchSection, joinFetchSections, SECTION_SEPARATOR } from '../core/envelopes.js'
import { SkillsError } from '../core/errors.js'
import { selectFetchUris } from '../core/fetch-input.js'
import { utf8Length } from '../core/ids.js'
import { FETCH_CONCURRENCY, MAX_PAYLOAD_BYTES } from '../core/limits.js'
import * as msg from '../core/messages.js'
import type { Deps } from './deps.js'
import { resolveUri } from './resolve.js'

export async function fetchSkills(input: { uri?: string | null; uris?: string[] | null }, deps: Deps): Promise<string> {
  const uris = selectFetchUris(input)
  const sections: string[] = []
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
    }
  }
  return joinFetchSections(sections)
}

const SEPARATOR_BYTES = utf8Length(SECTION_SEPARATOR)
