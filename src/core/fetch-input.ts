/**
 * The pure half of `skill::fetch` (§1.9): picks the URI list from `{uri, uris}`, trims each entry
 * (Rust whitespace), drops blanks and rejects anything outside `iii://`. A non-empty `uris` wins
 * outright, even when every entry is blank; `uri` is then never consulted.
 * Stands alone: the pure half of the fetch tool (core), apart from its handler in src/functions.
 */
import { SkillsError } from './errors.js'
import * as msg from './messages.js'
import { trim } from './text.js'
import { III_URI_PREFIX } from './uri.js'

export interface FetchInput {
  uri?: string | null
  uris?: string[] | null
}

// {uris: [" iii://a ", "", "iii://b"]} => ["iii://a", "iii://b"]; {uri: "iii://x"} => ["iii://x"]
export function selectFetchUris({ uri, uris }: FetchInput): string[] {
  let raw: string[]
  if (uris != null && uris.length > 0) raw = uris
  else if (uri != null && trim(uri) !== '') raw = [uri]
  else throw new SkillsError(msg.FETCH_INPUT_MISSING)
  const list = raw.map(trim).filter((entry) => entry !== '')
  if (list.length === 0) throw new SkillsError(msg.FETCH_INPUT_MISSING)
  const invalid = list.find((entry) => !entry.startsWith(III_URI_PREFIX))
  if (invalid !== undefined) throw new SkillsError(msg.fetchInvalidUri(invalid))
  return list
}
