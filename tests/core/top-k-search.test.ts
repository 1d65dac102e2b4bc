import { describe, expect, it } from 'vitest'
import { compareUtf8 } from '../../src/core/ids.js'
import { FIELD_COUNT, InvertedIndex } from '../../src/core/inverted-index.js'
import { ImpactCache, round, topK, type QueryList } from '../../src/core/top-k-search.js'

const BOOSTS = [4, 2, 4, 1, 1]

/** A deterministic generator (mulberry32), so a failure names a seed that reproduces it. */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Doc = string[][] // per field, its terms

function corpus(seed: number, docs: number, vocabulary: number): Map<string, Doc> {
  const next = random(seed)
  // Skewed: low word numbers are common (in most documents), high ones rare.
  const word = () => `w${Math.floor(vocabulary * next() ** 3)}`
  const out = new Map<string, Doc>()
  for (let d = 0; d < docs; d++) {
    const lengths = [1, 1 + Math.floor(next() * 3), Math.floor(next() * 12), Math.floor(next() * 6), 5 + Math.floor(next() * 80)]
    out.set(`doc-${String(d).padStart(4, '0')}`, lengths.map((n) => Array.from({ length: n }, word)))
  }
  return out
}

function indexOf(docs: Map<string, Doc>): InvertedIndex {
  const index = new InvertedIndex()
  for (const [name, fields] of docs) index.add(name, fields.map((terms) => ({ terms, length: terms.length })))
  return index
}

/** Every document scored from the raw corpus, written out independently of the index: the reference ranking. */
function bruteForce(docs: Map<string, Doc>, lists: Array<{ word: string; weight: number; source: string }>, k: number, accept?: (name: string) => boolean) {
  const n = docs.size
  const average = Array.from({ length: FIELD_COUNT }, (_, f) => [...docs.values()].reduce((s, d) => s + (d[f] as string[]).length, 0) / n)
  const df = (word: string, f: number) => [...docs.values()].filter((d) => (d[f] as string[]).includes(word)).length
  const scored: Array<{ name: string; score: number }> = []
  for (const [name, fields] of docs) {
    if (accept !== undefined && !accept(name)) continue
    let sum = 0
    const sources = new Set<string>()
    for (const { word, weight, source } of lists) {
      let termScore = 0
      for (let f = 0; f < FIELD_COUNT; f++) {
        const tf = Math.min(63, (fields[f] as string[]).filter((w) => w === word).length)
        if (tf === 0) continue
        const matching = df(word, f)
        const idf = Math.log(1 + (n - matching + 0.5) / (matching + 0.5))
        const norm = 1 - 0.7 + (0.7 * (fields[f] as string[]).length) / (average[f] as number)
        termScore += (BOOSTS[f] as number) * idf * (0.5 + (tf * 2.2) / (tf + 1.2 * norm))
      }
      if (termScore > 0) {
        sum += weight * termScore
        sources.add(source)
      }
    }
    if (sources.size > 0) scored.push({ name, score: round(sum * sources.size) })
  }
  return scored.sort((a, b) => b.score - a.score || compareUtf8(a.name, b.name)).slice(0, k)
}

function listsFor(index: InvertedIndex, words: Array<{ word: string; weight: number; source: string }>): QueryList[] {
  return words.flatMap(({ word, weight, source }) => {
    const term = index.lookup(word)
    return term === undefined ? [] : [{ term, weight, source }]
  })
}

describe('topK', () => {
  // 0: every list walked; Infinity: every list read whole; the default: short lists read whole, long ones walked.
  it.each([['walked', 0], ['read whole', Infinity], ['mixed', 200]])('ranks exactly as scoring every document would, on random corpora and queries (lists %s)', (_how, onePassEntries) => {
    for (let seed = 1; seed <= 12; seed++) {
      const docs = corpus(seed, 300, 400)
      const index = indexOf(docs)
      const cache = new ImpactCache()
      const next = random(seed * 7919)
      for (let q = 0; q < 25; q++) {
        const count = 1 + Math.floor(next() * 4)
        const words = Array.from({ length: count }, (_, i) => ({
          word: `w${Math.floor(400 * next() ** 2)}`,
          weight: i === count - 1 && next() < 0.3 ? 0.25 : 1,
          source: `s${Math.floor(next() * count)}`,
        }))
        const k = [1, 3, 10, 50][q % 4] as number
        const got = topK(index, listsFor(index, words), k, cache, { boosts: BOOSTS, onePassEntries }).map(({ name, score }) => ({ name, score }))
        expect(got, `seed ${seed}, query ${JSON.stringify(words)}, k ${k}`).toEqual(bruteForce(docs, words, k))
      }
    }
  })

  it('reads only part of the postings when most documents have the query words', () => {
    const next = random(99)
    const docs = new Map<string, Doc>()
    for (let d = 0; d < 4000; d++) {
      const body = Array.from({ length: 20 + Math.floor(next() * 60) }, () => `filler${Math.floor(next() * 500)}`)
      for (const word of ['common', 'usual']) if (next() < 0.7) body.push(...Array.from({ length: 1 + Math.floor(next() * 3) }, () => word))
      docs.set(`doc-${String(d).padStart(4, '0')}`, [[`d${d}`], ['title'], [], [], body])
    }
    const index = indexOf(docs)
    const words = [{ word: 'common', weight: 1, source: 'a' }, { word: 'usual', weight: 1, source: 'b' }]
    const lists = listsFor(index, words)
    for (const list of lists) expect(index.liveDocs(list.term)).toBeGreaterThan(2500)
    let accepted = 0
    // Walked (the lists are long: a catalogue of 10,000 would not read them whole either).
    const got = topK(index, lists, 10, new ImpactCache(), { boosts: BOOSTS, onePassEntries: 0, accept: () => { accepted++; return true } })
    expect(got.map(({ name, score }) => ({ name, score }))).toEqual(bruteForce(docs, words, 10))
    expect(accepted).toBeLessThan(500)
  })

  it('settles a plateau of equal scores by name without reading every entry', () => {
    const docs = new Map<string, Doc>()
    // Every document the same but its name: every score ties.
    for (let d = 3999; d >= 0; d--) docs.set(`doc-${String(d).padStart(4, '0')}`, [['x'], ['t'], [], [], ['skill', 'skill', 'workflow', 'text']])
    const index = indexOf(docs)
    const words = [{ word: 'skill', weight: 1, source: 'a' }, { word: 'workflow', weight: 1, source: 'b' }]
    let accepted = 0
    const got = topK(index, listsFor(index, words), 10, new ImpactCache(), { boosts: BOOSTS, onePassEntries: 0, accept: () => { accepted++; return true } })
    expect(got.map(({ name }) => name)).toEqual(bruteForce(docs, words, 10).map(({ name }) => name))
    expect(got.map(({ name }) => name)).toEqual(Array.from({ length: 10 }, (_, d) => `doc-000${d}`))
    expect(accepted).toBeLessThan(200)
  })

  it.each([0, Infinity])('keeps to the documents `accept` lets through (one pass up to %s entries)', (onePassEntries) => {
    const docs = corpus(5, 200, 100)
    const index = indexOf(docs)
    const words = [{ word: 'w3', weight: 1, source: 'a' }, { word: 'w7', weight: 1, source: 'b' }]
    const odd = (name: string) => Number(name.slice(4)) % 2 === 1
    const got = topK(index, listsFor(index, words), 10, new ImpactCache(), { boosts: BOOSTS, accept: odd, onePassEntries })
    expect(got.map(({ name, score }) => ({ name, score }))).toEqual(bruteForce(docs, words, 10, odd))
  })

  it('ranks as if removed documents were never added, before and after their postings are compacted', () => {
    const docs = corpus(42, 300, 200)
    const index = indexOf(docs)
    const cache = new ImpactCache()
    const words = [{ word: 'w1', weight: 1, source: 'a' }, { word: 'w20', weight: 1, source: 'b' }, { word: 'w2', weight: 0.3, source: 'b' }]
    topK(index, listsFor(index, words), 10, cache, { boosts: BOOSTS })
    for (const [step, share] of [[0, 0.1], [1, 0.6]] as const) {
      const walked = { boosts: BOOSTS, onePassEntries: 0 }
      const names = [...docs.keys()]
      for (const name of names.filter((_, i) => i % 10 < share * 10 && (i + step) % 2 === 0)) {
        index.remove(name)
        docs.delete(name)
      }
      expect(topK(index, listsFor(index, words), 25, cache, walked).map(({ name, score }) => ({ name, score }))).toEqual(bruteForce(docs, words, 25))
      expect(topK(index, listsFor(index, words), 25, cache, { boosts: BOOSTS }).map(({ name, score }) => ({ name, score }))).toEqual(bruteForce(docs, words, 25))
    }
    // A document added again under a removed name is ranked by its new text only.
    index.add('doc-0000', [['w20'], [], [], [], ['w20', 'w20']].map((terms) => ({ terms, length: terms.length })))
    docs.set('doc-0000', [['w20'], [], [], [], ['w20', 'w20']])
    expect(topK(index, listsFor(index, words), 25, cache, { boosts: BOOSTS }).map(({ name, score }) => ({ name, score }))).toEqual(bruteForce(docs, words, 25))
  })

  it('names the matched terms of each result, for the snippet', () => {
    const index = indexOf(new Map([['a', [['a'], [], [], [], ['refund', 'invoice']]], ['b', [['b'], [], [], [], ['refund']]]]))
    const lists = listsFor(index, [{ word: 'refund', weight: 1, source: 'refund' }, { word: 'invoice', weight: 1, source: 'invoice' }])
    expect(topK(index, lists, 10, new ImpactCache(), { boosts: BOOSTS }).map((r) => [r.name, r.terms])).toEqual([
      ['a', ['refund', 'invoice']], ['b', ['refund']],
    ])
  })
})

describe('InvertedIndex', () => {
  it('counts live documents per term and field, and replaces a document on a second add', () => {
    const index = new InvertedIndex()
    const fields = (body: string[]) => [['x'], [], [], [], body].map((terms) => ({ terms, length: terms.length }))
    index.add('x', fields(['a', 'b', 'a']))
    index.add('y', fields(['a']))
    const a = index.lookup('a') as number
    expect([index.liveDocs(a), index.docFrequency(a, 4), index.documentCount]).toEqual([2, 2, 2])
    index.add('x', fields(['b']))
    expect([index.liveDocs(a), index.docFrequency(a, 4), index.documentCount, index.has('x')]).toEqual([1, 1, 2, true])
    index.remove('y')
    expect([index.liveDocs(a), index.docFrequency(a, 4), index.documentCount, index.has('y')]).toEqual([0, 0, 1, false])
    expect(index.averageFieldLength(4)).toBe(1)
  })

  it('finds terms by prefix and within a number of edits', () => {
    const index = new InvertedIndex()
    index.add('d', [['d'], [], [], [], ['deploy', 'deployment', 'depot', 'invoice']].map((terms) => ({ terms, length: terms.length })))
    expect(index.withPrefix('depl').map(([term]) => term).sort()).toEqual(['deploy', 'deployment'])
    expect(index.near('deplyment', 2).map(([term, , edits]) => [term, edits])).toEqual([['deployment', 1]])
  })
})
