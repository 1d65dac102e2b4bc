/**
 * How much one query term says about one document (E14.3): BM25F. Each field's term frequency is
 * normalised by that field's length against its average (its own `b`), weighted by the field, and
 * the weighted frequencies are summed before saturating once, so a word repeated across the name,
 * the description and the body counts as one strong match rather than three separate ones. BM25+'s
 * lower bound `d` keeps any match worth more than none, however long the document.
 *
 * The weights and `b`s are chosen in functions/search-ranking.ts, against the real corpora.
 */
import { FIELD_COUNT, fieldTf, type InvertedIndex } from './inverted-index.js'

/** BM25+'s floor (MiniSearch's, on which E4's and E8's rankings were built). */
const FLOOR = 0.5

export interface FieldModel {
  /** Per field, in index order: what one occurrence weighs. */
  weights: readonly number[]
  /** Per field: how far its length is normalised (0: not at all, 1: in full). */
  lengthNorm: readonly number[]
  /** BM25's k1: the weighted frequency at which a term's score is half its most. */
  saturation: number
}

/** What a term's scores depend on besides the document: its rarity and the fields' average lengths. */
export interface TermStats {
  idf: number
  averages: readonly number[] | Float64Array
}

/** Each field's average length in the index as it is now (one array for every term of a query). */
export function fieldAverages(index: InvertedIndex): Float64Array {
  return Float64Array.from({ length: FIELD_COUNT }, (_, field) => index.averageFieldLength(field))
}

export function termStats(index: InvertedIndex, term: number, averages: readonly number[] | Float64Array = fieldAverages(index)): TermStats {
  const total = index.documentCount
  const matching = index.liveDocs(term)
  return { idf: Math.log(1 + (total - matching + 0.5) / (matching + 0.5)), averages }
}

/** The term's score in `doc`, whose packed field frequencies are `tfs` (not 0). */
export function termScore(index: InvertedIndex, stats: TermStats, doc: number, tfs: number, model: FieldModel): number {
  let tf = 0
  for (let field = 0; field < FIELD_COUNT; field++) {
    const raw = fieldTf(tfs, field)
    if (raw === 0) continue
    const average = stats.averages[field] as number
    const b = model.lengthNorm[field] as number
    const norm = average === 0 ? 1 : 1 - b + (b * index.fieldLength(doc, field)) / average
    tf += ((model.weights[field] as number) * raw) / norm
  }
  const k = model.saturation
  return tf === 0 ? 0 : stats.idf * (FLOOR + (tf * (k + 1)) / (tf + k))
}
