/**
 * The inverted index behind `skill::search` (E8): per term, the documents that contain it in doc
 * order with their term frequency in each of the six fields (path, name, title, description,
 * headings, body), in typed arrays, so 10,000 skills cost a few MiB rather than a few hundred. Terms live in
 * MiniSearch's radix tree (`SearchableMap`), which answers prefix and fuzzy lookups.
 *
 * Documents get a new number on every add and numbers are never reused, so appending keeps each
 * term's postings sorted by document (binary search finds a document's entry). A removed document
 * stays in its terms' postings, marked dead, until a term's dead entries outnumber its live ones;
 * the per-field document frequencies and lengths drop at once, so scores never count it.
 */
import SearchableMap from 'minisearch/SearchableMap'
import { compareUtf8 } from './ids.js'

export const FIELD_COUNT = 6
/** Term frequencies are kept up to this many per field (5 bits each, six fields in 32); BM25 has long saturated by then. */
const TF_MAX = 31
const TF_BITS = 5

/** A document's fields, in FIELDS order, as the terms each field gives (see search-index.ts). */
export type FieldTerms = ReadonlyArray<{ terms: readonly string[]; length: number }>

export class InvertedIndex {
  /** Term ids by term: a Map for the lookups of every word indexed, the radix tree for prefix and fuzzy ones. */
  private readonly termIds = new Map<string, number>()
  private readonly termTree = new SearchableMap<number>()
  private readonly termText: string[] = []
  private postingDocs: Uint32Array[] = []
  private postingTfs: Uint32Array[] = []
  private postingCount = new Uint32Array(1024)
  private deadCount = new Uint32Array(1024)
  /** Per term and field: documents with the term in that field. */
  private docFreq = new Uint32Array(1024 * FIELD_COUNT)
  /** Per term: the frequencies of the document being added (zero between adds). */
  private scratchTfs = new Uint32Array(1024)

  private readonly docNames: Array<string | undefined> = []
  private readonly docByName = new Map<string, number>()
  private docTerms: Array<Uint32Array | undefined> = []
  private fieldLengths = new Uint32Array(1024 * FIELD_COUNT)
  private alive = new Uint8Array(1024)
  private readonly totalLength = new Float64Array(FIELD_COUNT)
  private live = 0
  /** Bumped by every change: caches of derived values (impact orders) compare against it. */
  version = 0
  private byName: { version: number; docs: Uint32Array } | undefined

  get documentCount(): number {
    return this.live
  }

  /** Document numbers are below this. */
  get docCapacity(): number {
    return this.docNames.length
  }

  has(name: string): boolean {
    return this.docByName.has(name)
  }

  /** Adds `name` (replacing what it had) with its fields' terms. */
  add(name: string, fields: FieldTerms): void {
    this.remove(name)
    const doc = this.docNames.length
    this.docNames.push(name)
    this.docByName.set(name, doc)
    this.ensureDocs(doc + 1)
    this.alive[doc] = 1
    this.live++
    // The document's packed term frequencies by term id, in the order its terms first appear.
    const touched: number[] = []
    for (let field = 0; field < fields.length; field++) {
      const { terms, length } = fields[field] as FieldTerms[number]
      this.fieldLengths[doc * FIELD_COUNT + field] = length
      this.totalLength[field] = (this.totalLength[field] as number) + length
      const shift = field * TF_BITS
      for (const term of terms) {
        const id = this.termId(term)
        const tfs = this.scratchTfs[id] as number
        if (tfs === 0) touched.push(id)
        if (((tfs >>> shift) & TF_MAX) < TF_MAX) this.scratchTfs[id] = tfs + (1 << shift)
      }
    }
    const terms = Uint32Array.from(touched)
    for (const id of touched) {
      const tfs = this.scratchTfs[id] as number
      this.scratchTfs[id] = 0
      this.append(id, doc, tfs)
      for (let field = 0; field < FIELD_COUNT; field++) {
        if (((tfs >>> (field * TF_BITS)) & TF_MAX) > 0) this.docFreq[id * FIELD_COUNT + field] = this.docFrequency(id, field) + 1
      }
    }
    this.docTerms[doc] = terms
    this.version++
  }

  remove(name: string): void {
    const doc = this.docByName.get(name)
    if (doc === undefined) return
    this.docByName.delete(name)
    this.docNames[doc] = undefined
    this.alive[doc] = 0
    this.live--
    for (let field = 0; field < FIELD_COUNT; field++) {
      this.totalLength[field] = (this.totalLength[field] as number) - (this.fieldLengths[doc * FIELD_COUNT + field] as number)
    }
    for (const id of this.docTerms[doc] ?? []) {
      const tfs = this.tfsOf(id, doc)
      for (let field = 0; field < FIELD_COUNT; field++) {
        if (((tfs >>> (field * TF_BITS)) & TF_MAX) > 0) this.docFreq[id * FIELD_COUNT + field] = this.docFrequency(id, field) - 1
      }
      this.deadCount[id] = (this.deadCount[id] as number) + 1
      if ((this.deadCount[id] as number) * 2 > (this.postingCount[id] as number)) this.compact(id)
    }
    this.docTerms[doc] = undefined
    this.version++
  }

  /** The id of a term, undefined when no document ever had it. */
  lookup(term: string): number | undefined {
    return this.termIds.get(term)
  }

  /** Every indexed term starting with `prefix`, with its id. */
  withPrefix(prefix: string): Array<[string, number]> {
    return [...this.termTree.atPrefix(prefix)]
  }

  /** Every indexed term within `distance` edits of `term`: [term, id, edits]. */
  near(term: string, distance: number): Array<[string, number, number]> {
    return [...this.termTree.fuzzyGet(term, distance)].map(([text, [id, edits]]) => [text, id, edits])
  }

  termOf(id: number): string {
    return this.termText[id] as string
  }

  /** Live documents containing the term (any field). */
  liveDocs(id: number): number {
    return (this.postingCount[id] as number) - (this.deadCount[id] as number)
  }

  nameOf(doc: number): string | undefined {
    return this.docNames[doc]
  }

  isAlive(doc: number): boolean {
    return this.alive[doc] === 1
  }

  /** The term's postings: documents (ascending, some possibly dead) and packed frequencies, `count` long. */
  postings(id: number): { docs: Uint32Array; tfs: Uint32Array; count: number } {
    return { docs: this.postingDocs[id] as Uint32Array, tfs: this.postingTfs[id] as Uint32Array, count: this.postingCount[id] as number }
  }

  /** Packed field frequencies of the term in `doc` (0 when it has none). */
  tfsOf(id: number, doc: number): number {
    const docs = this.postingDocs[id] as Uint32Array
    let lo = 0
    let hi = (this.postingCount[id] as number) - 1
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1
      const at = docs[mid] as number
      if (at === doc) return (this.postingTfs[id] as Uint32Array)[mid] as number
      if (at < doc) lo = mid + 1
      else hi = mid - 1
    }
    return 0
  }

  /** The live documents in byte order of their names (kept until the next change). */
  docsByName(): Uint32Array {
    if (this.byName?.version !== this.version) {
      const docs = Uint32Array.from(this.docByName.values())
      const names = this.docNames
      docs.sort((a, b) => compareUtf8(names[a] as string, names[b] as string))
      this.byName = { version: this.version, docs }
    }
    return this.byName.docs
  }

  docFrequency(id: number, field: number): number {
    return this.docFreq[id * FIELD_COUNT + field] as number
  }

  fieldLength(doc: number, field: number): number {
    return this.fieldLengths[doc * FIELD_COUNT + field] as number
  }

  averageFieldLength(field: number): number {
    return this.live === 0 ? 0 : (this.totalLength[field] as number) / this.live
  }

  private termId(term: string): number {
    let id = this.termIds.get(term)
    if (id === undefined) {
      id = this.termText.length
      this.termText.push(term)
      this.termIds.set(term, id)
      this.termTree.set(term, id)
      this.postingDocs.push(new Uint32Array(2))
      this.postingTfs.push(new Uint32Array(2))
      if (id >= this.postingCount.length) {
        this.postingCount = grown(this.postingCount, id + 1)
        this.deadCount = grown(this.deadCount, id + 1)
        this.scratchTfs = grown(this.scratchTfs, id + 1)
        this.docFreq = grown(this.docFreq, (id + 1) * FIELD_COUNT)
      }
    }
    return id
  }

  private append(id: number, doc: number, tfs: number): void {
    const count = this.postingCount[id] as number
    let docs = this.postingDocs[id] as Uint32Array
    if (count === docs.length) {
      docs = grown(docs, count + 1)
      this.postingDocs[id] = docs
      this.postingTfs[id] = grown(this.postingTfs[id] as Uint32Array, count + 1)
    }
    docs[count] = doc
    ;(this.postingTfs[id] as Uint32Array)[count] = tfs
    this.postingCount[id] = count + 1
  }

  // Drops the dead entries of one term's postings, keeping the order.
  private compact(id: number): void {
    const docs = this.postingDocs[id] as Uint32Array
    const tfs = this.postingTfs[id] as Uint32Array
    let kept = 0
    for (let i = 0; i < (this.postingCount[id] as number); i++) {
      if (this.alive[docs[i] as number] !== 1) continue
      docs[kept] = docs[i] as number
      tfs[kept] = tfs[i] as number
      kept++
    }
    const size = Math.max(2, kept)
    this.postingDocs[id] = docs.slice(0, size)
    this.postingTfs[id] = tfs.slice(0, size)
    this.postingCount[id] = kept
    this.deadCount[id] = 0
  }

  private ensureDocs(count: number): void {
    if (count <= this.alive.length) return
    this.alive = grown(this.alive, count)
    this.fieldLengths = grown(this.fieldLengths, count * FIELD_COUNT)
  }
}

/** The frequency of one field in packed frequencies. */
export function fieldTf(tfs: number, field: number): number {
  return (tfs >>> (field * TF_BITS)) & TF_MAX
}

function grown<T extends Uint8Array | Uint32Array>(array: T, atLeast: number): T {
  let size = Math.max(array.length, 2)
  while (size < atLeast) size *= 2
  const next = new (array.constructor as new (size: number) => T)(size)
  next.set(array)
  return next
}
