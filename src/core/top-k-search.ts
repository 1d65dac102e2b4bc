/**
 * The best `k` documents for a query, without scoring the whole catalogue (E8.2).
 *
 * A document's score (E14.3): for each query list (a query word, or one of its prefix or fuzzy
 * expansions, with that expansion's weight) the term's BM25F score in the document (core/bm25f.ts),
 * summed over lists; times the query words it matches, each counted at its share (1, less for a
 * word that says nothing about the task); times a bonus of up to `1 + together` when the request's
 * task words occur together in one of the bonus fields. Scores are compared rounded to
 * SCORE_DECIMALS, equal ones by id.
 *
 * Each list's documents are visited in descending order of their score for that list (its impact
 * order, computed once per term and index version), and a document seen in any list is scored in
 * full at once, its other lists looked up by binary search (Fagin's threshold algorithm). An unseen
 * document matching m query words can score no more than the m largest of the words' current
 * impacts summed, times m, times the largest bonus it can still get (only while two task words have
 * entries in a bonus field not yet seen), so the walk stops as soon as that bound, rounded, falls
 * below the k-th best.
 * When it only reaches the k-th best (a word in every document has almost no weight, so thousands
 * of documents can tie), what is left to find are tied documents named before the k-th: they are
 * looked up in name order, and that stops at the k-th's name. Either way a query whose words are in
 * every document reads a few hundred entries, not all of them.
 */
import { fieldAverages, termScore, termStats, type FieldModel, type TermStats } from './bm25f.js'
import { compareUtf8 } from './ids.js'
import { FIELD_COUNT, fieldTf, type InvertedIndex } from './inverted-index.js'

const SCORE_DECIMALS = 4

/** How documents are scored: BM25F's field model and the bonus for words found together (E14.3). */
export interface RankingModel extends FieldModel {
  /** A document whose one field holds every task word of the request scores up to 1 + this times more. */
  together: number
  /** The fields that bonus looks at, as bits (bit i: field i). */
  togetherFields: number
}

export interface QueryList {
  term: number
  /** 1 for the word itself, less for a prefix or fuzzy expansion. */
  weight: number
  /** The query word it stands for (the quality factor counts distinct ones). */
  source: string
  /**
   * What that word counts for in the quality factor: 1 (the default), less for a word that says
   * nothing about the task; only words counting 1 are looked for together in one field.
   */
  share?: number
}

interface RankedDoc {
  doc: number
  name: string
  /** Rounded to SCORE_DECIMALS. */
  score: number
  /** The lists' terms the document contains (for the snippet). */
  terms: string[]
}

interface TopKOptions {
  model: RankingModel
  /** Only documents this accepts are ranked (the `under` subtree). */
  accept?: (name: string) => boolean
  /** ONE_PASS_ENTRIES unless given (tests force either way of ranking with it). */
  onePassEntries?: number
}

interface Impacts {
  version: number
  /** Per posting, the term's score in that document (weight 1). */
  scores: Float64Array
  /** Posting indices, highest score first. */
  order: Uint32Array
  /** Per posting, the fields holding the term, as bits (for the bonus). */
  fields: Uint8Array
  /** Where in `order` the last live document holding the term in a bonus field is (-1: none). */
  lastInBonusField: number
}

/** Impact orders per term, for the index version they were computed at. */
export class ImpactCache {
  private readonly byTerm = new Map<number, Impacts>()
  private slotsOf = new Uint32Array(0)

  /** Per document, 1 + its row in a one-pass read (0: none); all 0 between reads. */
  slots(size: number): Uint32Array {
    if (this.slotsOf.length < size) this.slotsOf = new Uint32Array(size)
    return this.slotsOf
  }

  constructor(private readonly max = 4096) {}

  of(index: InvertedIndex, term: number, model: RankingModel): Impacts {
    const known = this.byTerm.get(term)
    if (known !== undefined && known.version === index.version) return known
    const { docs, tfs, count } = index.postings(term)
    const scores = new Float64Array(count)
    const stats = termStats(index, term)
    for (let i = 0; i < count; i++) scores[i] = index.isAlive(docs[i] as number) ? termScore(index, stats, docs[i] as number, tfs[i] as number, model) : -1
    const order = new Uint32Array(count)
    for (let i = 0; i < count; i++) order[i] = i
    order.sort((a, b) => (scores[b] as number) - (scores[a] as number))
    const fields = new Uint8Array(count)
    for (let i = 0; i < count; i++) fields[i] = fieldMask(tfs[i] as number)
    let lastInBonusField = count - 1
    while (lastInBonusField >= 0 && !inBonusField(scores, fields, order[lastInBonusField] as number, model)) lastInBonusField--
    const impacts = { version: index.version, scores, order, fields, lastInBonusField }
    if (this.byTerm.size >= this.max) this.byTerm.clear()
    this.byTerm.set(term, impacts)
    return impacts
  }
}

export function round(score: number): number {
  const scale = 10 ** SCORE_DECIMALS
  return Math.round(score * scale) / scale
}

function inBonusField(scores: Float64Array, fields: Uint8Array, posting: number, model: RankingModel): boolean {
  return (scores[posting] as number) >= 0 && ((fields[posting] as number) & model.togetherFields) !== 0
}

/** The impacts of a list that is only looked up by document, never walked. */
const NO_IMPACTS: Impacts = { version: -1, scores: new Float64Array(0), order: new Uint32Array(0), fields: new Uint8Array(0), lastInBonusField: -1 }

/** Lists holding this many entries in all, or fewer, are scored in one pass (cheaper than walking them). */
const ONE_PASS_ENTRIES = 2048

/** Steps walked with the bound tied to the k-th score, per result asked for, before ties are settled by name. */
const TIED_STEPS_PER_RESULT = 2

/** One list being ranked: its impact order, where the walk is in it, its term's statistics, its query word's number. */
type Walk = {
  list: QueryList
  impacts: Impacts
  docs: Uint32Array
  next: number
  stats: TermStats
  word: number
  /** The word's share of the quality factor. */
  share: number
  /** The word's bit among the task words (0: not one, or beyond the first 31). */
  taskBit: number
}

/** What scoring a document needs besides its lists: the model, the task words, the largest bonus. */
interface Query {
  model: RankingModel
  /** Query words counting 1 (looked for together), as bits of the first 31 words. */
  taskBits: number
  /** How many words count 1: the bonus needs two. */
  taskWords: number
  /** The bonus factor of a document holding every task word in one bonus field. */
  maxBonus: number
}

export function topK(index: InvertedIndex, lists: readonly QueryList[], k: number, cache: ImpactCache, options: TopKOptions): RankedDoc[] {
  if (k <= 0 || lists.length === 0) return []
  const { walks, query } = prepared(index, lists, cache, options)
  return shortListsFirst(index, walks, k, cache, query, options) ?? threshold(index, walks, k, query, options)
}

/**
 * `docs` scored in full over `lists` and ranked like topK ranks (E23.3: the first results of a query,
 * ranked again with the words its words stand for).
 */
export function rankDocs(index: InvertedIndex, lists: readonly QueryList[], docs: readonly number[], options: TopKOptions): RankedDoc[] {
  if (lists.length === 0) return []
  // Scoring named documents looks each list up by document: no impact order is needed (nor cached).
  const { walks, query } = prepared(index, lists, undefined, options)
  const found: Found[] = []
  for (const doc of docs) {
    const name = index.nameOf(doc)
    if (name === undefined) continue
    const raw = fullScore(index, walks, doc, query)
    found.push({ doc, name, raw, score: round(raw) })
  }
  return ranked(index, lists, firstK(found, found.length))
}

function prepared(index: InvertedIndex, lists: readonly QueryList[], cache: ImpactCache | undefined, options: TopKOptions): { walks: Walk[]; query: Query } {
  const words = [...new Set(lists.map((list) => list.source))]
  const averages = fieldAverages(index)
  const walks: Walk[] = lists.map((list) => {
    const impacts = cache === undefined ? NO_IMPACTS : cache.of(index, list.term, options.model)
    return { list, impacts, docs: index.postings(list.term).docs, next: 0, stats: termStats(index, list.term, averages), word: words.indexOf(list.source), share: 1, taskBit: 0 }
  })
  const shares = new Float64Array(words.length).fill(1)
  for (const walk of walks) shares[walk.word] = walk.list.share ?? 1
  let taskBits = 0
  let taskWords = 0
  shares.forEach((share, word) => {
    if (share !== 1) return
    taskWords++
    if (word < 31) taskBits |= 1 << word
  })
  const maxBonus = taskWords >= 2 ? 1 + options.model.together : 1
  const query: Query = { model: options.model, taskBits, taskWords, maxBonus }
  for (const walk of walks) {
    walk.share = shares[walk.word] as number
    walk.taskBit = taskBit(query, walk)
  }
  return { walks, query }
}

/**
 * The short lists (up to ONE_PASS_ENTRIES entries together) read whole, each document they hold
 * scored in full (the long lists looked up for it); done when no document of the long lists alone
 * can reach the k-th score found. Undefined when it can: the walk then decides.
 */
function shortListsFirst(index: InvertedIndex, walks: readonly Walk[], k: number, cache: ImpactCache, query: Query, options: TopKOptions): RankedDoc[] | undefined {
  const limit = options.onePassEntries ?? ONE_PASS_ENTRIES
  const short = new Set<Walk>()
  let entries = 0
  for (const walk of [...walks].sort((a, b) => a.impacts.order.length - b.impacts.order.length)) {
    if (entries + walk.impacts.order.length > limit) break
    short.add(walk)
    entries += walk.impacts.order.length
  }
  if (short.size === 0) return undefined
  // Each document's part of each list, a row of `width` per document in order of first sight.
  const width = walks.length
  const slotOf = cache.slots(index.docCapacity)
  const docsSeen: number[] = []
  let parts: Float64Array<ArrayBuffer> = new Float64Array(width * 64)
  // Beside each part, the fields the term is in there (for the bonus, when the query can have one).
  let masks: Uint8Array<ArrayBuffer> | undefined = query.maxBonus > 1 ? new Uint8Array(width * 64) : undefined
  const unknown = Float64Array.from(walks, (walk) => (short.has(walk) ? ABSENT : LOOK_UP))
  walks.forEach((walk, i) => {
    if (!short.has(walk)) return
    const { scores } = walk.impacts
    for (let p = 0; p < scores.length; p++) {
      const score = scores[p] as number
      if (score < 0) continue
      const doc = walk.docs[p] as number
      let slot = (slotOf[doc] as number) - 1
      if (slot < 0) {
        slot = docsSeen.length
        docsSeen.push(doc)
        slotOf[doc] = slot + 1
        if ((slot + 1) * width > parts.length) {
          parts = grownParts(parts)
          if (masks !== undefined) masks = grownMasks(masks)
        }
        parts.set(unknown, slot * width)
      }
      parts[slot * width + i] = walk.list.weight * score
      if (masks !== undefined) masks[slot * width + i] = walk.impacts.fields[p] as number
    }
  })
  const found: Found[] = []
  for (const [slot, doc] of docsSeen.entries()) {
    slotOf[doc] = 0
    const name = index.nameOf(doc) as string
    if (options.accept !== undefined && !options.accept(name)) continue
    const raw = fullScore(index, walks, doc, query, parts, masks, slot * width)
    found.push({ doc, name, raw, score: round(raw) })
  }
  const top = firstK(found, k)
  const longOnly = new Map<string, number>()
  let bonusWords = 0
  for (const walk of walks) {
    if (short.has(walk)) continue
    if (walk.impacts.lastInBonusField >= 0) bonusWords |= walk.taskBit
    const first = walk.impacts.order.length === 0 ? -1 : (walk.impacts.scores[walk.impacts.order[0] as number] as number)
    if (first >= 0) longOnly.set(walk.list.source, (longOnly.get(walk.list.source) ?? 0) + first * walk.list.weight)
  }
  if (longOnly.size > 0 && (top.length < k || round(unseenBound(longOnly, bonusOf(query, bonusWords))) >= (top[k - 1] as Found).score)) return undefined
  return ranked(index, walks.map((w) => w.list), top)
}

function grownParts(parts: Float64Array): Float64Array<ArrayBuffer> {
  const next = new Float64Array(parts.length * 2)
  next.set(parts)
  return next
}

function grownMasks(masks: Uint8Array): Uint8Array<ArrayBuffer> {
  const next = new Uint8Array(masks.length * 2)
  next.set(masks)
  return next
}

/** The fields a term is in, as bits, from its packed frequencies. */
function fieldMask(tfs: number): number {
  let mask = 0
  for (let field = 0; field < FIELD_COUNT; field++) if (fieldTf(tfs, field) !== 0) mask |= 1 << field
  return mask
}

interface Found {
  doc: number
  name: string
  raw: number
  score: number
}

function threshold(index: InvertedIndex, walks: Walk[], k: number, query: Query, options: TopKOptions): RankedDoc[] {
  const lists = walks.map((walk) => walk.list)
  const seen = new Set<number>()
  const found: Array<{ doc: number; name: string; raw: number; score: number }> = []
  const best = new MinHeap()
  const currentImpact = (walk: (typeof walks)[number]) => {
    while (walk.next < walk.impacts.order.length) {
      const score = walk.impacts.scores[walk.impacts.order[walk.next] as number] as number
      if (score >= 0) return score * walk.list.weight
      walk.next = walk.impacts.order.length // the rest are dead documents
    }
    return -1
  }
  const bySource = new Map<string, number>()
  let tiedSteps = 0
  for (;;) {
    bySource.clear()
    let pick: (typeof walks)[number] | undefined
    let pickImpact = -1
    let bonusWords = 0
    for (const walk of walks) {
      const impact = currentImpact(walk)
      if (impact < 0) continue
      if (walk.next <= walk.impacts.lastInBonusField) bonusWords |= walk.taskBit
      bySource.set(walk.list.source, (bySource.get(walk.list.source) ?? 0) + impact)
      if (impact > pickImpact) {
        pick = walk
        pickImpact = impact
      }
    }
    if (pick === undefined) break
    const unseenBest = round(unseenBound(bySource, bonusOf(query, bonusWords)))
    if (best.size >= k && unseenBest < (best.min as number)) break
    // Tied with the k-th: walking on usually brings the bound below it soon; when it does not (a
    // plateau of equal scores), the tied documents named before the k-th are looked up instead.
    if (best.size >= k && unseenBest === best.min && ++tiedSteps > TIED_STEPS_PER_RESULT * k) return tiedByName(index, walks, found, seen, k, query, options)
    const doc = pick.docs[pick.impacts.order[pick.next] as number] as number
    pick.next++
    if (seen.has(doc)) continue
    seen.add(doc)
    const name = index.nameOf(doc)
    if (name === undefined || (options.accept !== undefined && !options.accept(name))) continue
    const raw = fullScore(index, walks, doc, query)
    const score = round(raw)
    found.push({ doc, name, raw, score })
    best.push(score, k)
  }
  return ranked(index, lists, firstK(found, k))
}

// An unseen document matching m query words scores at most the m largest per-word bounds summed,
// times m (each word counts at most 1), times the largest bonus it can have: the best such m bounds
// them all (tighter than all bounds times all words).
function unseenBound(bySource: ReadonlyMap<string, number>, bonus: number): number {
  const bounds = [...bySource.values()].sort((a, b) => b - a)
  let sum = 0
  let best = 0
  bounds.forEach((bound, i) => {
    sum += bound
    best = Math.max(best, sum * (i + 1))
  })
  return best * bonus
}

// The walk's task word as a bit (0: not a task word, or beyond the first 31).
function taskBit(query: Query, walk: { word: number }): number {
  return walk.word < 31 ? query.taskBits & (1 << walk.word) : 0
}

// An unseen document gets the bonus only if two task words can still be in one of its bonus fields:
// `words` are those whose lists hold bonus-field entries not yet seen.
function bonusOf(query: Query, words: number): number {
  return bitCount(words) >= 2 ? query.maxBonus : 1
}

// Every unseen document now scores at most the k-th best (rounded): one ranks above the k-th only
// when it ties with it and its name comes first. Documents are visited in name order up to the
// k-th's name, which moves forward as tied ones are found.
function tiedByName(
  index: InvertedIndex,
  walks: readonly Walk[],
  found: Array<{ doc: number; name: string; raw: number; score: number }>,
  seen: ReadonlySet<number>,
  k: number,
  query: Query,
  options: TopKOptions,
): RankedDoc[] {
  const top = firstK(found, k)
  const kth = (top[k - 1] as { score: number }).score
  for (const doc of index.docsByName()) {
    const name = index.nameOf(doc) as string
    if (compareUtf8(name, (top[k - 1] as { name: string }).name) >= 0) break
    if (seen.has(doc) || (options.accept !== undefined && !options.accept(name))) continue
    const raw = fullScore(index, walks, doc, query)
    if (round(raw) !== kth) continue
    top.push({ doc, name, raw, score: kth })
    top.sort(byRank).pop()
  }
  return ranked(index, walks.map((w) => w.list), top)
}

function byRank(a: { score: number; name: string }, b: { score: number; name: string }): number {
  return b.score - a.score || compareUtf8(a.name, b.name)
}

/** The `k` first of `found` by rank, in rank order: a selection, so most of a long list is never sorted. */
function firstK<T extends { score: number; name: string }>(found: readonly T[], k: number): T[] {
  const top: T[] = []
  for (const item of found) {
    if (top.length === k && byRank(item, top[k - 1] as T) >= 0) continue
    if (top.length === k) top.pop()
    let i = top.length
    top.push(item)
    for (; i > 0 && byRank(item, top[i - 1] as T) < 0; i--) top[i] = top[i - 1] as T
    top[i] = item
  }
  return top
}

function ranked(index: InvertedIndex, lists: readonly QueryList[], top: ReadonlyArray<{ doc: number; name: string; score: number }>): RankedDoc[] {
  return top.map(({ doc, name, score }) => ({ doc, name, score, terms: matchedTerms(index, lists, doc) }))
}

const ABSENT = -1
const LOOK_UP = -2

/** Parts of a document's lists already computed (a one-pass read), in a row from `from`. */
/**
 * A document's score: each list's weighted term score added in list order; times the shares of the
 * query words matched; times 1 + together × (t − 1) / (n − 1), where n (≥ 2) is the number of task
 * words and t the most of them one bonus field holds. `parts[from + i]` is list i's weighted score
 * when already computed (a one-pass read, `masks` beside it the fields holding the term), ABSENT when
 * the document is not in it, LOOK_UP (or no `parts`) to find it by binary search.
 */
function fullScore(index: InvertedIndex, walks: readonly Walk[], doc: number, query: Query, parts?: Float64Array, masks?: Uint8Array, from = 0): number {
  let sum = 0
  let matched = 0
  let wordBits = 0
  const wordSet = walks.length > 30 ? new Set<number>() : undefined
  const together = query.maxBonus > 1
  const bonusFields = query.model.togetherFields
  if (together) FIELD_WORDS.fill(0)
  for (let i = 0; i < walks.length; i++) {
    const walk = walks[i] as Walk
    let part = parts === undefined ? LOOK_UP : (parts[from + i] as number)
    let mask = 0
    if (part === LOOK_UP) {
      const tfs = index.tfsOf(walk.list.term, doc)
      if (tfs === 0) continue
      part = walk.list.weight * termScore(index, walk.stats, doc, tfs, query.model)
      if (together) mask = fieldMask(tfs)
    } else if (part === ABSENT) continue
    else if (together && masks !== undefined) mask = masks[from + i] as number
    sum += part
    const word = walk.word
    if (wordSet !== undefined) {
      if (!wordSet.has(word)) {
        wordSet.add(word)
        matched += walk.share
      }
    } else if ((wordBits & (1 << word)) === 0) {
      wordBits |= 1 << word
      matched += walk.share
    }
    mask &= bonusFields
    if (walk.taskBit !== 0) for (let field = 0; mask !== 0; field++, mask >>>= 1) if ((mask & 1) !== 0) FIELD_WORDS[field] = (FIELD_WORDS[field] as number) | walk.taskBit
  }
  if (!together) return sum * matched
  let most = 0
  for (let field = 0; field < FIELD_COUNT; field++) most = Math.max(most, bitCount(FIELD_WORDS[field] as number))
  return most < 2 ? sum * matched : sum * matched * (1 + (query.model.together * (most - 1)) / (query.taskWords - 1))
}

/** Per field, the task words found in it (reused: scoring is synchronous). */
const FIELD_WORDS = new Int32Array(FIELD_COUNT)

function bitCount(bits: number): number {
  let count = 0
  for (let rest = bits; rest !== 0; rest &= rest - 1) count++
  return count
}

function matchedTerms(index: InvertedIndex, lists: readonly QueryList[], doc: number): string[] {
  const terms = new Set<string>()
  for (const list of lists) if (index.tfsOf(list.term, doc) !== 0) terms.add(index.termOf(list.term))
  return [...terms]
}

/** The k best rounded scores so far; `min` is the k-th. */
class MinHeap {
  private readonly items: number[] = []

  get size(): number {
    return this.items.length
  }

  get min(): number | undefined {
    return this.items[0]
  }

  push(value: number, capacity: number): void {
    const items = this.items
    if (items.length < capacity) {
      items.push(value)
      for (let i = items.length - 1; i > 0;) {
        const parent = (i - 1) >> 1
        if ((items[parent] as number) <= (items[i] as number)) break
        ;[items[parent], items[i]] = [items[i] as number, items[parent] as number]
        i = parent
      }
      return
    }
    if (value <= (items[0] as number)) return
    items[0] = value
    for (let i = 0; ;) {
      const left = 2 * i + 1
      const right = left + 1
      let smallest = i
      if (left < items.length && (items[left] as number) < (items[smallest] as number)) smallest = left
      if (right < items.length && (items[right] as number) < (items[smallest] as number)) smallest = right
      if (smallest === i) break
      ;[items[smallest], items[i]] = [items[i] as number, items[smallest] as number]
      i = smallest
    }
  }
}
