/**
 * The full-text index behind `skill::search`, one per worker instance, kept up to date
 * incrementally from the very sources the listings use: the state summaries (memoised per state
 * snapshot by the registry cache, so an unchanged registry costs one identity check) and the fs
 * skills no state row shadows. Each refresh diffs those against what is indexed, by id and content
 * stamp (state: the summary's `stamp`; fs: the fs snapshot's content digest), and re-reads only what changed:
 * state rows by `state::get` each, or by one `state::list` when many changed (a first build);
 * files by reading them. Concurrent calls share one refresh; a call that arrives while one runs
 * waits for the next, which reads the sources after the call began (E3). A refresh replaces each
 * skill in one synchronous step (never absent between two versions) and lets other calls run every
 * APPLY_SLICE skills or APPLY_SLICE_MS of indexing, whichever comes first, so a first build over 10,000 skills does not stall the worker (E8.3).
 *
 * MiniSearch keeps its inverted index only: no document and no stored field. A result's title,
 * description and snippet come from the body read when the result is served.
 */
import { setImmediate } from 'node:timers/promises'
import MiniSearch, { type SearchOptions } from 'minisearch'
import { contentStamp } from '../core/content-stamp.js'
import { splitFrontmatter } from '../core/frontmatter.js'
import { indexLine, type IndexLine } from '../core/index-page.js'
import { extractStateEntries } from '../core/state-entries.js'
import { searchTerm, searchWords, STOP_WORDS } from '../core/search-terms.js'
import { subheadings } from '../core/search-text.js'
import { inSubtree } from '../core/subtree.js'
import { mapInBatches } from '../fs/batches.js'
import { readBody } from '../fs/entry-body.js'
import type { FsSkill } from '../fs/types.js'
import type { Deps } from './deps.js'
import { SearchBodies } from './search-bodies.js'
import { stampedSkillSummaries, withoutStateIds, type SkillSummary } from './skill-sources.js'
import { decodeSkillRows, StoredSkill, type StoredSkillRow } from './stored-rows.js'
import type { Entry, FsEntry, SearchIndex, SearchMatch } from './search-port.js'

interface SearchDocument {
  id: string
  title: string
  description: string
  headings: string
  body: string
}


const FIELDS = ['id', 'title', 'description', 'headings', 'body']
/** A skill's id and what it is for (its description, E8.1) count most, then its title, then its sections and text. */
const BOOST = { id: 4, title: 2, description: 4, headings: 1, body: 1 }
const NAME_FIELDS = new Set(['id', 'title'])
/** Above this many changed state rows a refresh reads the scope with one `state::list`. */
const MAX_SINGLE_READS = 64
/** Files and rows read at a time during a refresh. */
const READ_CONCURRENCY = 16
/** Skills indexed between two turns of the event loop, at most. */
const APPLY_SLICE = 200
/** Indexing time between two turns of the event loop, at most (E8.3: no other call waits more than 50 ms). */
const APPLY_SLICE_MS = 15

const SEARCH_OPTIONS: SearchOptions = {
  boost: BOOST,
  combineWith: 'OR',
  // Stems already join "refunds" and "refund". Prefix matching serves the word still being typed:
  // the last one. A typo of one letter (two from 8 letters) still matches in short queries, where
  // a missed word costs most, but not in words with digits, where one edit is another thing ("v2"
  // is not "v3"). Whole words count more than either (E8.1).
  prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 3 && !STOP_WORDS.has(term),
  fuzzy: (term, _i, terms) => (terms.length <= MAX_FUZZY_QUERY_TERMS && term.length >= 5 && !/\p{N}/u.test(term) ? 0.2 : false),
  weights: { prefix: 0.3, fuzzy: 0.3 },
}

/** Queries of more words than this match whole words and the last word's prefix only. */
const MAX_FUZZY_QUERY_TERMS = 3

/**
 * Query terms reach this without a field and keep their stop words (they may name a skill); they
 * are looked up by stem. A document's word is indexed by its stem and, when that differs, as it
 * is, so a typo of the word ("deplyment") is still one edit from something indexed.
 */
function processTerm(stems: StemCache, term: string, field?: string): string | string[] | null {
  const lower = term.toLowerCase()
  if (field !== undefined && !NAME_FIELDS.has(field) && STOP_WORDS.has(lower)) return null
  const { word, stem } = stems.of(lower)
  return field === undefined || stem === word ? stem : [stem, word]
}

/**
 * Stems by word, so each distinct word is stemmed once (stemming every word of 10,000 bodies took
 * about 0.8 s of a first build, E8.3). Bounded: emptied when full. Words and stems are own copies.
 */
export class StemCache {
  private readonly stems = new Map<string, { word: string; stem: string }>()

  constructor(private readonly max = STEM_CACHE_WORDS) {}

  of(lower: string): { word: string; stem: string } {
    let known = this.stems.get(lower)
    if (known === undefined) {
      if (this.stems.size >= this.max) this.stems.clear()
      const word = ownCopy(lower)
      known = { word, stem: ownCopy(searchTerm(word)) }
      this.stems.set(word, known)
    }
    return known
  }
}

/** Distinct words whose stems are kept (a 10,000-skill bench catalogue has about 11,000). */
const STEM_CACHE_WORDS = 100_000

// V8 may keep a long term as a view into the body it was cut from; a copy lets the body go.
function ownCopy(term: string): string {
  return term.length >= 13 ? (` ${term}`).slice(1) : term
}

class SkillSearchIndex implements SearchIndex {
  private readonly stems = new StemCache()
  private readonly mini = new MiniSearch<SearchDocument>({
    fields: FIELDS, storeFields: [], tokenize: searchWords, processTerm: (term, field) => processTerm(this.stems, term, field),
  })
  private readonly entries = new Map<string, Entry>()
  readonly bodies = new SearchBodies()
  private seenState: SkillSummary[] | undefined
  private seenFs: FsSkill[] | undefined
  private running: Promise<void> | undefined
  private queued: Promise<void> | undefined

  constructor(private readonly deps: Deps) {}

  /** Resolves once the index reflects the sources as read after this call. */
  refresh(): Promise<void> {
    if (this.running === undefined) return this.start()
    this.queued ??= this.running.then(noop, noop).then(() => {
      this.queued = undefined
      return this.start()
    })
    return this.queued
  }

  /** Every indexed skill matching `query` within `root`'s subtree, by raw score, highest first. */
  search(query: string, root: string | undefined): SearchMatch[] {
    const filter = root === undefined ? undefined : (result: { id: string }) => inSubtree(result.id, root)
    return this.mini.search(query, { ...SEARCH_OPTIONS, filter }) as unknown as SearchMatch[]
  }

  /** Where an indexed skill comes from; undefined once it is no longer indexed. */
  entryOf(id: string): Entry | undefined {
    return this.mini.has(id) ? this.entries.get(id) : undefined
  }

  private start(): Promise<void> {
    const run = this.update().finally(() => {
      if (this.running === run) this.running = undefined
    })
    this.running = run
    return run
  }

  private async update(): Promise<void> {
    const state = await stampedSkillSummaries(this.deps)
    // The fs index hands out the same snapshot until a file changes, with a content digest per file.
    const snapshot = await this.deps.fs.snapshot()
    const allFs = snapshot.skills
    if (state === this.seenState && allFs === this.seenFs) return
    const wanted = new Map<string, Entry>()
    for (const summary of state) wanted.set(summary.id, { origin: 'state', stamp: summary.stamp ?? '' })
    const fs = withoutStateIds(allFs, state)
    const digests = fs.length === 0 ? [] : await snapshot.skillDigests()
    const digestOf = new Map(allFs.map((skill, i) => [skill, digests[i] as string]))
    for (const skill of fs) wanted.set(skill.id, { origin: 'fs', stamp: digestOf.get(skill) as string, skill })

    const removed = [...this.entries.keys()].filter((id) => !wanted.has(id))
    const changed = [...wanted].filter(([id, entry]) => !sameEntry(this.entries.get(id), entry))
    const loaded = await this.load(changed)
    for (const id of removed) this.forget(id)
    let sliceStart = performance.now()
    for (let i = 0; i < loaded.length; i++) {
      if ((i > 0 && i % APPLY_SLICE === 0) || performance.now() - sliceStart > APPLY_SLICE_MS) {
        await setImmediate()
        sliceStart = performance.now()
      }
      const { id, entry, body } = loaded[i] as Loaded
      // The body is only needed until it is indexed: let it go as the build goes on.
      loaded[i] = { id, entry }
      this.forget(id)
      // Kept without a document too, so an unreadable file is not re-read until it changes.
      this.entries.set(id, entry)
      if (body !== undefined) this.mini.add(searchDocument(id, body, entry))
    }
    this.seenState = state
    this.seenFs = allFs
  }

  private forget(id: string): void {
    if (this.mini.has(id)) this.mini.discard(id)
    this.entries.delete(id)
    this.bodies.delete(id)
  }

  private async load(changed: Array<[string, Entry]>): Promise<Loaded[]> {
    const fromState = changed.filter(([, entry]) => entry.origin === 'state').map(([id]) => id)
    const fromFs = changed.flatMap(([id, entry]) => (entry.origin === 'fs' ? [{ id, entry }] : []))
    const [stateDocs, fsDocs] = await Promise.all([this.loadRows(fromState), mapInBatches(fromFs, loadFile, READ_CONCURRENCY)])
    return [...stateDocs, ...fsDocs]
  }

  // A row deleted since the summaries were taken is not indexed, under a stamp no summary has, so
  // the next refresh looks again until the summaries agree.
  private async loadRows(ids: string[]): Promise<Loaded[]> {
    if (ids.length === 0) return []
    const scope = this.deps.config.scopes.skills
    let rows: Array<StoredSkillRow | undefined>
    if (ids.length > MAX_SINGLE_READS) {
      // Straight to the engine rather than through deps.state: the registry cache would keep every
      // body it returned until the next write.
      const all = decodeSkillRows(extractStateEntries(await this.deps.invoke('state::list', { scope })))
      const byId = new Map(all.map((row) => [row.id, row]))
      rows = ids.map((id) => byId.get(id))
    } else {
      rows = await mapInBatches(ids, async (id) => {
        const parsed = StoredSkill.safeParse(await this.deps.state.get(scope, id))
        return parsed.success && parsed.data.id === id ? parsed.data : undefined
      }, READ_CONCURRENCY)
    }
    return ids.map((id, i) => {
      const row = rows[i]
      if (row === undefined) return { id, entry: { origin: 'state', stamp: '' } }
      return { id, entry: { origin: 'state', stamp: contentStamp(row.skill) }, body: row.skill }
    })
  }
}

interface Loaded {
  id: string
  entry: Entry
  /** Undefined when there is nothing to index (the row went, the file cannot be read). */
  body?: string
}

/** The worker instance's index (held by its `Deps`), created on first use. */
export function searchIndexOf(deps: Deps): SearchIndex {
  return (deps.search.index ??= new SkillSearchIndex(deps))
}

/**
 * What gets indexed of a body: the title and description a result shows, the section headings,
 * and the text (a stored row's after its frontmatter; an fs body comes without).
 */
function searchDocument(id: string, body: string, entry: Entry): SearchDocument {
  const { title, description } = shownLine(id, body, entry)
  const text = searchableText(body, entry)
  return { id, title: title ?? '', description: description ?? '', headings: subheadings(text).join('\n'), body: text }
}

/** The part of a body that is searched and shown in snippets. */
export function searchableText(body: string, entry: Entry): string {
  return entry.origin === 'state' ? splitFrontmatter(body).body : body
}

/** A result's title and description: those of the skill's bullet in the index. */
export function shownLine(id: string, body: string, entry: Entry): Pick<IndexLine, 'title' | 'description'> {
  // An fs skill's bullet is the one its fs entry carries (a skill folder's frontmatter name and description, E1).
  return entry.origin === 'fs' ? { title: entry.skill.title, description: entry.skill.description } : indexLine({ id, body })
}

async function loadFile({ id, entry }: { id: string; entry: FsEntry }): Promise<Loaded> {
  try {
    return { id, entry, body: await readBody(entry.skill.path) }
  } catch {
    // Unreadable now; the listing shows it by id, and a later change to the file retries it.
    return { id, entry }
  }
}

function sameEntry(a: Entry | undefined, b: Entry): boolean {
  return a !== undefined && a.stamp === b.stamp && pathOf(a) === pathOf(b)
}

function pathOf(entry: Entry): string | undefined {
  return entry.origin === 'fs' ? entry.skill.path : undefined
}

function noop(): void {}
