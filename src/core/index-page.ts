/**
 * The `iii://skills` index page (§3): one bullet per skill, nested ids indented two spaces per
 * `/` so children sit under their parents, fs skills in their own "Custom skills" section. The
 * strings are interface; agents and the mcp bridge read this page line by line.
 */
import { extractDescription, extractTitle, truncateChars } from './markdown.js'
import * as msg from './messages.js'

export interface IndexEntry {
  id: string
  /** The skill body; undefined when an fs file could not be read (the bullet then shows the id). */
  body: string | undefined
}

const HEADING = '# Skills\n\n'
const INTRO =
  "Read each skill's resource for orientation on when and why to call its functions. " +
  'Sub-skills are indented under their parent path so a top-level skill stays small ' +
  'and the LLM can drill in only when it needs more detail.\n\n'
const EMPTY = '_No skills are currently registered._\n'
const CUSTOM =
  '## Custom skills\n\nLoaded from `skills:` glob patterns in the worker config. ' +
  'The file system is the source of truth for these entries.\n\n'
const DASH = ' \u2014 '
/** D1: the bullet shows at most this many code points of the description. */
export const INDEX_DESCRIPTION_MAX_CHARS = 140

/** Both lists already sorted by id; `fs` already stripped of ids that state shadows. */
export function renderIndex(state: IndexEntry[], fs: IndexEntry[]): string {
  return composeIndex(renderBullets(state), renderBullets(fs))
}

/** One bullet per entry, in order ('' for none): a block `composeIndex` takes. */
export function renderBullets(entries: IndexEntry[]): string {
  return entries.map(bullet).join('')
}

/** The page around already rendered bullet blocks, so a caller can reuse an unchanged block. */
export function composeIndex(stateBullets: string, fsBullets: string): string {
  const out = HEADING + INTRO
  if (stateBullets === '' && fsBullets === '') return out + EMPTY
  if (fsBullets === '') return out + stateBullets
  return out + stateBullets + (stateBullets === '' ? '' : '\n') + CUSTOM + fsBullets
}

export function renderIndexError(error: string): string {
  return `${HEADING}${msg.indexReadFailed(error)}\n`
}

// {id: "a/b", body: "# B\nText."} => "  - [`a/b`](iii://a/b) — B — Text.\n"
function bullet({ id, body }: IndexEntry): string {
  const indent = '  '.repeat(id.split('/').length - 1)
  const title = (body === undefined ? undefined : extractTitle(body)) ?? id
  const description = body === undefined ? undefined : extractDescription(body)
  const suffix = description === undefined ? '' : DASH + truncateChars(description, INDEX_DESCRIPTION_MAX_CHARS)
  return `${indent}- [\`${id}\`](iii://${id})${DASH}${title}${suffix}\n`
}
