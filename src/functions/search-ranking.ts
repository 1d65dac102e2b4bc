/**
 * How `skill::search` ranks (E14.3): the fields a skill is indexed under, what each weighs, and what
 * a request word that says nothing about the task counts for. Every figure was chosen on the tuning
 * half of the corpora evaluation (tests/fixtures/corpora-eval/, 1,474 real skills) and checked on
 * the held-out half. The comments give the held-out figures (top-1 / top-3 / MRR) of the final
 * model, 94.4 % / 100 % / 0.971, against the same model with that one choice undone. Three
 * alternatives gain a little on the tuning half (MRR up to 0.986 against 0.984, one request's rank)
 * and were not taken: they were measured after the choice was made, and each loses or ties on the
 * held-out half.
 *
 * E23.3, on the tuning half of the situation evaluation (tests/fixtures/situation-eval/, top-1 / top-3
 * / MRR), against the ranking of the time; none did better, so none changed. With the E14 ranking
 * (74.2 / 87.6 / 0.818): descriptions weighing more than bodies, body 0.5 73.2 / 88.7 / 0.811,
 * description 8 73.2 / 87.6 / 0.812, headings and body 0.5 72.2 / 87.6 / 0.805; a rare request word
 * (a product name) weighing more, BM25's idf raised to 1.25 / 1.5 / 2: 72.2 / 71.1 / 70.1 top-1. With
 * the spellings of core/search-spelling.ts (75.3 / 87.6 / 0.823): pseudo-relevance feedback (the words
 * the first 3 results share in name, title and description, added at 0.1–0.6 of a word): 70.1–74.2
 * top-1. With the file formats of core/search-formats.ts too (76.3 / 87.6 / 0.830): a word in at most 3
 * skills weighing 2× 76.3 / 87.6 / 0.828; saturation 10 / 40: 73.2 / 88.7 / 0.810, 75.3 / 88.7 /
 * 0.826; the bonus at 0.5 / 2: 0.829 / 0.820; name and title 2: 72.2 / 86.6 / 0.807; the matched
 * words' count (core/top-k-search.ts) as its square root / square: 75.3 / 87.6 / 0.824, 74.2 / 87.6 / 0.812;
 * a word found only in the body counting 0.25 / 0.5 / 0.75 of a matched word: 69.1 / 73.2 / 73.2 top-1.
 * Issue #46, with the E23 ranking (tuning 78.4 / 88.7 / 0.846, held-out 64.2 / 82.7 / 0.742): the text
 * of "When to use" sections indexed with the headings, headings 2: tuning 78.4 / 89.7 / 0.844 (one
 * request traded for another), held-out 64.2 / 85.2 / 0.747; headings 1 / 3: 77.3 / 89.7 / 0.839. Not
 * taken: the tuning half does not gain. Word vectors (docs/search.md, "Second round"): none better.
 */
import type { RankingModel } from '../core/index.js'

/** The fields of a skill, in index order: what it is for first, where it lives in `path`. */
export const FIELDS = ['path', 'name', 'title', 'description', 'headings', 'body'] as const
export const FIELD = Object.fromEntries(FIELDS.map((name, i) => [name, i])) as Record<(typeof FIELDS)[number], number>

const bit = (...fields: Array<(typeof FIELDS)[number]>) => fields.reduce((bits, field) => bits | (1 << FIELD[field]), 0)

export const RANKING: RankingModel = {
  // path (the id's folders), name (its last segment), title, description, headings, body.
  // - The description says what a skill is for: 6 (4: 93.5 / 100 / 0.966).
  // - The name and the title weigh the same, 4, and the path 1: words found only in where a skill
  //   lives weigh no more than title words. On the corpora the path's weight changes nothing
  //   (4: 0.971 too; its words, "plugins", "skills", are in most ids); the name's and the title's
  //   neither (2 each: 0.971).
  // - Headings and body 1 (body 0.5: 93.5 / 99.1 / 0.965, tuning 0.985: an alternative above).
  weights: [1, 4, 4, 6, 1, 1],
  // Each field's length normalised against that field's average (BM25F), b = 0.7 in each (no
  // normalisation: 89.8 / 98.1 / 0.939; 0.3 for the short fields: 0.971, no better).
  lengthNorm: [0.7, 0.7, 0.7, 0.7, 0.7, 0.7],
  // BM25F sums the weighted frequencies before saturating, so with BM25's usual k1 = 1.2 one
  // description match is already near the most a term can score and the weights hardly count
  // (85.2 / 96.3 / 0.913); 20 lets them (10: 93.5 / 99.1 / 0.963; 40: 92.6 / 99.1 / 0.960,
  // tuning 0.986: an alternative above).
  saturation: 20,
  // Request words found together in the name, the title or the description: up to twice the score
  // (none: 91.7 / 98.1 / 0.949; half that: 92.6 / 99.1 / 0.959; counting the path and body too:
  // 91.7 / 97.2 / 0.949, most skills hold most words somewhere in a long body).
  together: 1,
  togetherFields: bit('name', 'title', 'description'),
}

/**
 * A request word that says nothing about the task (core/search-terms.ts FILLER_WORDS) weighs this
 * much of a word that does, and counts this much in the quality factor (1: 92.6 / 99.1 / 0.959; 0
 * ties on the held-out half, tuning 0.985: an alternative above; 0.3 still lets such a word tell two
 * otherwise equal skills apart).
 */
export const FILLER_SHARE = 0.3
