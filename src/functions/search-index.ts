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
 * APPLY_SLICE skills or one slice of indexing (core/time-slices.ts), whichever comes first, so a first build over 10,000 skills does not stall the worker (E8.3).
 *
 * The index (core/inverted-index.ts) keeps terms and postings only: no document and no stored
 * field. A result's title, description and snippet come from the body read when the result is
 * served. Ranking is core/top-k-search.ts: the best k without scoring every match.
 */
import { contentStamp, splitFrontmatter, indexLine, type IndexLine, extractStateEntries, FILLER_WORDS, formatEquivalents, searchTerm, searchWords, STOP_WORDS, subheadings, inSubtree, InvertedIndex, type FieldTerms, ImpactCache, rankDocs, topK, type QueryList, inSlices, SliceClock } from '../core/index.js'
import { mapInBatches, type FsSkill, type FsReads } from '../fs/index.js'
import type { Deps } from './deps.js'
import { SearchBodies } from './search-bodies.js'
import { stampedSkillSummaries, withoutStateIds, type SkillSummary } from './skill-sources.js'
import { decodeSkillRows, StoredSkill, type StoredSkillRow } from './stored-rows.js'
import type { Entry, FsEntry, SearchIndex, SearchMatch } from './search-port.js'
import { synonymsOf } from './search-synonyms.js'
import { FIELD, FILLER_SHARE, RANKING } from './search-ranking.js'

/** The fields of a skill, in index order (search-ranking.ts FIELDS): path, name, title, description, headings, body. */
type SearchDocument = readonly [string, string, string, string, string, string]

/** The path, the name and the title: stop words are kept there (they may name a skill). */
const NAME_FIELDS = FIELD.title + 1
/** Above this many changed state rows a refresh reads the scope with one `state::list`. */
const MAX_SINGLE_READS = 64
/** Files and rows read at a time during a refresh. */
const READ_CONCURRENCY = 16
/** Skills indexed between two turns of the event loop, at most. */
const APPLY_SLICE = 200

/** Queries of more words than this match whole words and the last word's prefix only. */
const MAX_FUZZY_QUERY_TERMS = 3
/** Expansions of a prefix or a misspelt word weigh this much of a whole word, less the longer they are. */
const PREFIX_WEIGHT = 0.3
const FUZZY_WEIGHT = 0.3
/** The query word as typed, matched as written besides its stem, weighs this much of a whole word. */
const AS_TYPED_WEIGHT = 0.3
/** A file format's other name or extension (core/search-formats.ts, E23.3: measured there; 1 loses on the held-out half) weighs this much of the word. */
const FORMAT_WEIGHT = 0.3
/** A word of the same meaning (search-synonyms.ts, E23.3: measured there) weighs this much of the word. */
const SYNONYM_WEIGHT = 0.05
/** How many of the first results are ranked again with synonyms (E23.3: 10, 20, 30 and 50 rank the evaluations alike). */
const SYNONYM_DEPTH = 10
/** A word of n letters may be misspelt by round(n × this) edits (at most MAX_EDITS). */
const FUZZY_SHARE = 0.2
const MAX_EDITS = 6

/**
 * The lists a query is ranked over (E8.1, E8.2): each word by its stem (stop words kept: they may
 * name a skill); the last word also by every indexed word it begins (the word still being typed,
 * from 3 letters); a word no skill has, in a query of at most 3 words, also by the indexed words a
 * typo away (not words with digits, where one edit is another thing: "v2" is not "v3"). Whole words
 * weigh most. Expansions apply only where they help: a known word is never widened by fuzzy
 * matching, so a common word costs its own list and nothing more.
 */
function queryLists(index: InvertedIndex, stems: StemCache, query: string): { lists: QueryList[]; synonyms: QueryList[] } {
  const known = searchWords(query).map((word) => stems.of(word))
  const words = known.map(({ stem }) => stem)
  // E14.3: a word that says nothing about the task ("help", "how", "my", "using") weighs, and counts
  // in the quality factor, FILLER_SHARE of a word, and is not looked for together with the others;
  // when every word is one, they all count in full (the request may be a name: "it").
  const fillers = known.map(({ word }) => FILLER_WORDS.has(word))
  const anyTask = fillers.includes(false)
  const synonyms: QueryList[] = []
  const lists = words.flatMap((source, i) => {
    const lists: QueryList[] = []
    const share = anyTask && fillers[i] === true ? FILLER_SHARE : 1
    const exact = index.lookup(source)
    if (exact !== undefined) lists.push({ term: exact, weight: share, source, share })
    // The word as typed, when it is not its stem ("refunds"): a skill with that very form counts a little more.
    const typed = (known[i] as KnownWord).word
    const asTyped = typed === source ? undefined : index.lookup(typed)
    if (asTyped !== undefined) lists.push({ term: asTyped, weight: share * AS_TYPED_WEIGHT, source, share })
    // E23.3: a file format's name stands for its extensions and other names ("excel": xlsx, sheet);
    // a task word for the other words of its most frequent sense ("hiring": hire, employ).
    const equivalent = new Set<number>()
    const standsFor = (others: Iterable<string>, weight: number, into: QueryList[]) => {
      for (const other of others) {
        const id = index.lookup(stems.of(other).stem)
        if (id === undefined || id === exact || equivalent.has(id) || index.liveDocs(id) === 0) continue
        equivalent.add(id)
        into.push({ term: id, weight: share * weight, source, share })
      }
    }
    standsFor(new Set([...formatEquivalents(typed), ...formatEquivalents(source)]), FORMAT_WEIGHT, lists)
    if (fillers[i] !== true && /^[a-z]+$/.test(typed)) standsFor(synonymsOf(typed), SYNONYM_WEIGHT, synonyms)
    const prefixed = new Set<number>()
    if (i === words.length - 1 && source.length >= 3 && !STOP_WORDS.has(source)) {
      for (const [term, id] of index.withPrefix(source)) {
        prefixed.add(id)
        // A word indexed as written whose stem is the query word's ("refunded" for "refund") is that
        // word, already matched by its stem: counted again it would favour inflected forms.
        if (term.length === source.length || id === asTyped || stems.of(term).stem === source) continue
        lists.push({ term: id, weight: (share * PREFIX_WEIGHT * term.length) / (term.length + 0.3 * (term.length - source.length)), source, share })
      }
    }
    const unknown = exact === undefined || index.liveDocs(exact) === 0
    if (unknown && words.length <= MAX_FUZZY_QUERY_TERMS && source.length >= 5 && !/\p{N}/u.test(source)) {
      for (const [term, id, edits] of index.near(source, Math.min(MAX_EDITS, Math.round(source.length * FUZZY_SHARE)))) {
        if (edits === 0 || prefixed.has(id)) continue
        lists.push({ term: id, weight: (share * FUZZY_WEIGHT * term.length) / (term.length + edits), source, share })
      }
    }
    return lists
  })
  return { lists, synonyms }
}

/**
 * A field's terms: each word by its stem and, when that differs, as it is, so a typo of the word
 * ("deplyment") is still one edit from something indexed. Stop words are left out but in the id
 * and title; the field's length counts every word.
 */
function fieldTerms(stems: StemCache, text: string, field: number): { terms: string[]; length: number } {
  const words = searchWords(text)
  const terms: string[] = []
  for (const word of words) {
    const { word: own, stem } = stems.of(word)
    if (field >= NAME_FIELDS && STOP_WORDS.has(own)) continue
    terms.push(stem)
    if (stem !== own) terms.push(own)
  }
  return { terms, length: words.length }
}

/** A word in lower case, and the term it is indexed under. */
interface KnownWord {
  word: string
  stem: string
}

/**
 * What each distinct word as written is indexed under, so a word is lower-cased and stemmed once
 * (stemming every word of 10,000 bodies took about 0.8 s of a first build, E8.3). Bounded: emptied
 * when full. Keys, words and stems are own copies.
 */
export class StemCache {
  private readonly known = new Map<string, KnownWord>()

  constructor(private readonly max = STEM_CACHE_WORDS) {}

  of(written: string): KnownWord {
    let known = this.known.get(written)
    if (known === undefined) {
      if (this.known.size >= this.max) this.known.clear()
      const word = ownCopy(written.toLowerCase())
      known = { word, stem: ownCopy(searchTerm(word)) }
      this.known.set(ownCopy(written), known)
    }
    return known
  }
}

/** Distinct words as written whose terms are kept (a 10,000-skill bench catalogue has about 14,000). */
const STEM_CACHE_WORDS = 100_000

// V8 may keep a long term as a view into the body it was cut from; a copy lets the body go.
function ownCopy(term: string): string {
  return term.length >= 13 ? (` ${term}`).slice(1) : term
}

class SkillSearchIndex implements SearchIndex {
  private readonly stems = new StemCache()
  private readonly index = new InvertedIndex()
  private readonly impacts = new ImpactCache()
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

  /** The best `k` skills matching `query` within `root`'s subtree: by rounded score, highest first, then by id. */
  search(query: string, root: string | undefined, k: number): SearchMatch[] {
    const { lists, synonyms } = queryLists(this.index, this.stems, query)
    const accept = root === undefined ? undefined : (id: string) => inSubtree(id, root)
    const options = { model: RANKING, accept }
    let ranked = topK(this.index, lists, synonyms.length === 0 ? k : Math.max(k, SYNONYM_DEPTH), this.impacts, options)
    // E23.3: the first SYNONYM_DEPTH results ranked again with the words of one meaning, the rest as
    // they are, so a longer ranking still extends a shorter one; the cost stays that of a few skills,
    // whatever the synonyms' lists hold (search-synonyms.ts).
    if (synonyms.length > 0) {
      const first = rankDocs(this.index, [...lists, ...synonyms], ranked.slice(0, SYNONYM_DEPTH).map((r) => r.doc), options)
      ranked = [...first, ...ranked.slice(SYNONYM_DEPTH)].slice(0, k)
    }
    return ranked.map(({ name, score, terms }) => ({ id: name, score, terms }))
  }

  /** Where an indexed skill comes from; undefined once it is no longer indexed. */
  entryOf(id: string): Entry | undefined {
    return this.index.has(id) ? this.entries.get(id) : undefined
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
    const clock = new SliceClock()
    for (let i = 0; i < loaded.length; i++) {
      if ((i > 0 && i % APPLY_SLICE === 0) || clock.due) await clock.pause()
      const { id, entry, body } = loaded[i] as Loaded
      // The body is only needed until it is indexed: let it go as the build goes on.
      loaded[i] = { id, entry }
      this.forget(id)
      // Kept without a document too, so an unreadable file is not re-read until it changes.
      this.entries.set(id, entry)
      if (body !== undefined) this.index.add(id, indexedFields(this.stems, searchDocument(id, body, entry)))
    }
    this.seenState = state
    this.seenFs = allFs
  }

  private forget(id: string): void {
    this.index.remove(id)
    this.entries.delete(id)
    this.bodies.delete(id)
  }

  private async load(changed: Array<[string, Entry]>): Promise<Loaded[]> {
    const fromState = changed.filter(([, entry]) => entry.origin === 'state').map(([id]) => id)
    const fromFs = changed.flatMap(([id, entry]) => (entry.origin === 'fs' ? [{ id, entry }] : []))
    const [stateDocs, fsDocs] = await Promise.all([this.loadRows(fromState), mapInBatches(fromFs, (file) => loadFile(file, this.deps.fs.reads), READ_CONCURRENCY)])
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
      const byId = new Map<string, StoredSkillRow>()
      const values = extractStateEntries(await this.deps.invoke('state::list', { scope }))
      await inSlices(values, (value) => {
        for (const row of decodeSkillRows([value])) byId.set(row.id, row)
      })
      rows = ids.map((id) => byId.get(id))
    } else {
      rows = await mapInBatches(ids, async (id) => {
        const parsed = StoredSkill.safeParse(await this.deps.state.get(scope, id))
        return parsed.success && parsed.data.id === id ? parsed.data : undefined
      }, READ_CONCURRENCY)
    }
    // A stamp per body (a SHA-256) takes about 25 ms for 10,000: in slices, like the indexing.
    const loaded: Loaded[] = []
    await inSlices(ids, (id, i) => {
      const row = rows[i]
      loaded.push(row === undefined ? { id, entry: { origin: 'state', stamp: '' } } : { id, entry: { origin: 'state', stamp: contentStamp(row.skill) }, body: row.skill })
    })
    return loaded
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
  const cut = id.lastIndexOf('/')
  return [id.slice(0, Math.max(0, cut)), id.slice(cut + 1), title ?? '', description ?? '', subheadings(text).join('\n'), text]
}

function indexedFields(stems: StemCache, document: SearchDocument): FieldTerms {
  return document.map((text, field) => fieldTerms(stems, text, field))
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

async function loadFile({ id, entry }: { id: string; entry: FsEntry }, reads: FsReads): Promise<Loaded> {
  try {
    return { id, entry, body: await reads.body(entry.skill.path) }
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
