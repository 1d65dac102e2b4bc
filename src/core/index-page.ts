/**
 * The `iii://skills` index page (§3): one bullet per skill, nested ids indented two spaces per
 * `/` so children sit under their parents, fs skills in their own "Custom skills" section. The
 * strings are interface; agents and the mcp bridge read this page line by line.
 */
import { extractDescription, extractTitle, truncateChars } from './markdown.js'
import * as msg from './messages.js'
import { iiiUri } from './uri.js'

export interface IndexEntry {
  id: string
  /** The skill body; undefined when an fs file could not be read (the bullet then shows the id). */
  body: string | undefined
}

/** What one bullet shows of a skill, extracted from its body once (see `indexLine`). */
export interface IndexLine {
  id: string
  /** The H1 title; undefined when the body has none (the bullet then shows the id). */
  title: string | undefined
  /** The first paragraph, already cut to INDEX_DESCRIPTION_MAX_CHARS. */
  description: string | undefined
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
  return composeIndex(renderBullets(state.map(indexLine)), renderBullets(fs.map(indexLine)))
}

// {id: "a", body: "# A\n\nText."} => {id: "a", title: "A", description: "Text."}
export function indexLine({ id, body }: IndexEntry): IndexLine {
  const description = body === undefined ? undefined : extractDescription(body)
  return {
    id,
    title: body === undefined ? undefined : extractTitle(body),
    description: description === undefined ? undefined : truncateChars(description, INDEX_DESCRIPTION_MAX_CHARS),
  }
}

/** One bullet per line, in order ('' for none): a block `composeIndex` takes. */
export function renderBullets(lines: IndexLine[]): string {
  return lines.map(bullet).join('')
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

// {id: "a/b", title: "B", description: "Text."} => "  - [`a/b`](iii://a/b) — B — Text.\n"
function bullet({ id, title, description }: IndexLine): string {
  const indent = '  '.repeat(id.split('/').length - 1)
  const suffix = description === undefined ? '' : DASH + description
  return `${indent}- [\`${id}\`](${iiiUri(id)})${DASH}${title ?? id}${suffix}\n`
}
