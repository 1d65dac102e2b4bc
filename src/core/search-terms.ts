/**
 * What `skill::search` counts as a word, for the index and for queries alike: a run of letters,
 * combining marks and digits, compared in lower case. Punctuation and symbols separate words, so
 * `acme/billing-refunds` is `acme billing refunds` and `` `state::get` `` is `state get`.
 * Common English function words are left out of the description, headings and body (they match
 * almost every skill and rank nothing), but kept in ids and titles. A word is indexed and looked up
 * by its English stem (E8.1), so "decks" finds "deck" and "invoicing" finds "invoice".
 */
import { stemmer } from 'stemmer'
import { americanSpelling } from './search-spelling.js'

const NON_WORD = /[^\p{L}\p{M}\p{N}]+/u

// "Refund `state::get`!" => ["Refund", "state", "get"]
export function searchWords(text: string): string[] {
  return text.split(NON_WORD).filter((word) => word !== '')
}

// Lucene's English stop set plus the question words and pronouns agents put in queries.
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'but', 'by', 'for', 'if', 'in', 'into', 'is', 'it', 'no', 'not', 'of',
  'on', 'or', 'such', 'that', 'the', 'their', 'then', 'there', 'these', 'they', 'this', 'to', 'was', 'will', 'with',
  'how', 'what', 'when', 'where', 'which', 'who', 'why', 'do', 'does', 'can', 'i', 'me', 'my', 'we', 'our', 'you',
  'your', 'its',
])

/**
 * Request words that say nothing about the task (E14.3): the stop words, and the words people wrap
 * a request in ("help me", "I want to", "using", "please").
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  ...STOP_WORDS,
  'help', 'using', 'use', 'want', 'need', 'please', 'would', 'should', 'could', 'like', 'let', 'lets', 'am', 'just',
  'some', 'any', 'also', 'so', 'get', 'make', 'something', 'way', 'know', 'tell', 'thing', 'things', 'able', 'try',
])

/**
 * The term a lower-case word is indexed under: its Porter stem ("refunds" => "refund"). Words with
 * digits or letters outside a–z are kept as they are (the stemmer knows English only: "v2" stays
 * "v2", "größe" stays "größe"). A British spelling is stemmed as the American one (E23.3, search-spelling.ts).
 * Lancaster's more aggressive stemmer ("faster" is "fast", but "general" is "generate": "gen") loses on the
 * situation set's tuning half (E23.3: top-1 76.3 % => 74.2 %, MRR 0.830 => 0.814) and the E14 set's (98.2 % => 96.3 %).
 */
export function searchTerm(lower: string): string {
  return /^[a-z]+$/.test(lower) ? stemmer(americanSpelling(lower)) : lower
}

/** The distinct lower-case words of `text` matched by `terms`, as words or by stem (what a snippet highlights). */
export function wordsWithTerms(text: string, terms: ReadonlySet<string>): Set<string> {
  // A Porter stem differs from its word in its last letter at most ("deploy" => "deploi"), so only
  // words starting like a term can match: one regular expression finds just those, and most of a
  // body's words are never looked at.
  const starts = [...new Set([...terms].map((term) => term.slice(0, Math.max(1, term.length - 1))))].filter((start) => start !== '')
  const found = new Set<string>()
  if (starts.length === 0) return found
  const candidates = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(?:${starts.map(escapeRegExp).join('|')})[\\p{L}\\p{M}\\p{N}]*`, 'gu')
  const seen = new Set<string>()
  for (const [word] of text.toLowerCase().matchAll(candidates)) {
    if (seen.has(word)) continue
    seen.add(word)
    if (terms.has(word) || terms.has(searchTerm(word))) found.add(word)
  }
  return found
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
