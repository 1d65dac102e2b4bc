import { describe, expect, it } from 'vitest'
import { compareUtf8 } from '../../src/core/ids.js'
import { FIELD_COUNT, InvertedIndex } from '../../src/core/inverted-index.js'
import { ImpactCache, round, topK, type QueryList, type RankingModel } from '../../src/core/top-k-search.js'

// Every part of the model in play: uneven weights and length normalisations, a bonus over three fields.
const MODEL: RankingModel = { weights: [1, 4, 2, 4, 1, 1], lengthNorm: [0.7, 0.4, 0.7, 0.7, 0.5, 0.8], saturation: 5, together: 0.5, togetherFields: 0b001110 }

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
type Word = { word: string; weight: number; source: string; share?: number }

function corpus(seed: number, docs: number, vocabulary: number): Map<string, Doc> {
  const next = random(seed)
  // Skewed: low word numbers are common (in most documents), high ones rare.
  const word = () => `w${Math.floor(vocabulary * next() ** 3)}`
  const out = new Map<string, Doc>()
  for (let d = 0; d < docs; d++) {
    const lengths = [Math.floor(next() * 3), 1, 1 + Math.floor(next() * 3), Math.floor(next() * 12), Math.floor(next() * 6), 5 + Math.floor(next() * 80)]
    out.set(`doc-${String(d).padStart(4, '0')}`, lengths.map((n) => Array.from({ length: n }, word)))
  }
  return out
}

/** A document of the six fields with only a name and a body. */
const named = (name: string, body: string[]): Doc => [[], [name], [], [], [], body]

function indexOf(docs: Map<string, Doc>): InvertedIndex {
  const index = new InvertedIndex()
  for (const [name, fields] of docs) index.add(name, fields.map((terms) => ({ terms, length: terms.length })))
  return index
}

/** Every document scored from the raw corpus, written out independently of the index: the reference ranking. */
function bruteForce(docs: Map<string, Doc>, lists: Word[], k: number, accept?: (name: string) => boolean) {
  const n = docs.size
  const all = [...docs.values()]
  const average = Array.from({ length: FIELD_COUNT }, (_, f) => all.reduce((s, d) => s + (d[f] as string[]).length, 0) / n)
  const df = (word: string) => all.filter((d) => d.some((terms) => terms.includes(word))).length
  // Words no document has are no list; the bonus counts the task words that are.
  const known = lists.filter(({ word }) => df(word) > 0)
  const shareOf = new Map(known.map(({ source, share }) => [source, share ?? 1]))
  const taskWords = [...shareOf.values()].filter((share) => share === 1).length
  const scored: Array<{ name: string; score: number }> = []
  for (const [name, fields] of docs) {
    if (accept !== undefined && !accept(name)) continue
    let sum = 0
    const sources = new Set<string>()
    const together = Array.from({ length: FIELD_COUNT }, () => new Set<string>())
    for (const { word, weight, source } of known) {
      let tf = 0
      for (let f = 0; f < FIELD_COUNT; f++) {
        const raw = Math.min(31, (fields[f] as string[]).filter((w) => w === word).length)
        if (raw === 0) continue
        const b = MODEL.lengthNorm[f] as number
        tf += ((MODEL.weights[f] as number) * raw) / (1 - b + (b * (fields[f] as string[]).length) / (average[f] as number))
        if ((MODEL.togetherFields & (1 << f)) !== 0 && shareOf.get(source) === 1) together[f]?.add(source)
      }
      if (tf === 0) continue
      const idf = Math.log(1 + (n - df(word) + 0.5) / (df(word) + 0.5))
      sum += weight * idf * (0.5 + (tf * (MODEL.saturation + 1)) / (tf + MODEL.saturation))
      sources.add(source)
    }
    if (sources.size === 0) continue
    const matched = [...sources].reduce((total, source) => total + (shareOf.get(source) as number), 0)
    const most = Math.max(...together.map((set) => set.size))
    const bonus = taskWords >= 2 && most >= 2 ? 1 + (MODEL.together * (most - 1)) / (taskWords - 1) : 1
    scored.push({ name, score: round(sum * matched * bonus) })
  }
  return scored.sort((a, b) => b.score - a.score || compareUtf8(a.name, b.name)).slice(0, k)
}

function listsFor(index: InvertedIndex, words: Word[]): QueryList[] {
  return words.flatMap(({ word, weight, source, share }) => {
    const term = index.lookup(word)
    return term === undefined ? [] : [{ term, weight, source, ...(share === undefined ? {} : { share }) }]
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
        // Some queries have a word that says little about the task (source s0 at a share of 0.3).
        const filler = next() < 0.4
        const words = Array.from({ length: count }, (_, i) => {
          const source = `s${Math.floor(next() * count)}`
          return {
            word: `w${Math.floor(400 * next() ** 2)}`,
            weight: i === count - 1 && next() < 0.3 ? 0.25 : 1,
            source,
            ...(filler && source === 's0' ? { share: 0.3 } : {}),
          }
        })
        const k = [1, 3, 10, 50][q % 4] as number
        const got = topK(index, listsFor(index, words), k, cache, { model: MODEL, onePassEntries }).map(({ name, score }) => ({ name, score }))
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
      docs.set(`doc-${String(d).padStart(4, '0')}`, [[], [`d${d}`], ['title'], [], [], body])
    }
    const index = indexOf(docs)
    const words = [{ word: 'common', weight: 1, source: 'a' }, { word: 'usual', weight: 1, source: 'b' }]
    const lists = listsFor(index, words)
    for (const list of lists) expect(index.liveDocs(list.term)).toBeGreaterThan(2500)
    let accepted = 0
    // Walked (the lists are long: a catalogue of 10,000 would not read them whole either).
    const got = topK(index, lists, 10, new ImpactCache(), { model: MODEL, onePassEntries: 0, accept: () => { accepted++; return true } })
    expect(got.map(({ name, score }) => ({ name, score }))).toEqual(bruteForce(docs, words, 10))
    expect(accepted).toBeLessThan(500)
  })

  it('settles a plateau of equal scores by name without reading every entry', () => {
    const docs = new Map<string, Doc>()
    // Every document the same but its name: every score ties.
    for (let d = 3999; d >= 0; d--) docs.set(`doc-${String(d).padStart(4, '0')}`, [[], ['x'], ['t'], [], [], ['skill', 'skill', 'workflow', 'text']])
    const index = indexOf(docs)
    const words = [{ word: 'skill', weight: 1, source: 'a' }, { word: 'workflow', weight: 1, source: 'b' }]
    let accepted = 0
    const got = topK(index, listsFor(index, words), 10, new ImpactCache(), { model: MODEL, onePassEntries: 0, accept: () => { accepted++; return true } })
    expect(got.map(({ name }) => name)).toEqual(bruteForce(docs, words, 10).map(({ name }) => name))
    expect(got.map(({ name }) => name)).toEqual(Array.from({ length: 10 }, (_, d) => `doc-000${d}`))
    expect(accepted).toBeLessThan(200)
  })

  it.each([0, Infinity])('keeps to the documents `accept` lets through (one pass up to %s entries)', (onePassEntries) => {
    const docs = corpus(5, 200, 100)
    const index = indexOf(docs)
    const words = [{ word: 'w3', weight: 1, source: 'a' }, { word: 'w7', weight: 1, source: 'b' }]
    const odd = (name: string) => Number(name.slice(4)) % 2 === 1
    const got = topK(index, listsFor(index, words), 10, new ImpactCache(), { model: MODEL, accept: odd, onePassEntries })
    expect(got.map(({ name, score }) => ({ name, score }))).toEqual(bruteForce(docs, words, 10, odd))
  })

  it('ranks as if removed documents were never added, before and after their postings are compacted', () => {
    const docs = corpus(42, 300, 200)
    const index = indexOf(docs)
    const cache = new ImpactCache()
    const words = [{ word: 'w1', weight: 1, source: 'a' }, { word: 'w20', weight: 1, source: 'b' }, { word: 'w2', weight: 0.3, source: 'b' }]
    topK(index, listsFor(index, words), 10, cache, { model: MODEL })
    for (const [step, share] of [[0, 0.1], [1, 0.6]] as const) {
      const walked = { model: MODEL, onePassEntries: 0 }
      const names = [...docs.keys()]
      for (const name of names.filter((_, i) => i % 10 < share * 10 && (i + step) % 2 === 0)) {
        index.remove(name)
        docs.delete(name)
      }
      expect(topK(index, listsFor(index, words), 25, cache, walked).map(({ name, score }) => ({ name, score }))).toEqual(bruteForce(docs, words, 25))
      expect(topK(index, listsFor(index, words), 25, cache, { model: MODEL }).map(({ name, score }) => ({ name, score }))).toEqual(bruteForce(docs, words, 25))
    }
    // A document added again under a removed name is ranked by its new text only.
    index.add('doc-0000', named('w20', ['w20', 'w20']).map((terms) => ({ terms, length: terms.length })))
    docs.set('doc-0000', named('w20', ['w20', 'w20']))
    expect(topK(index, listsFor(index, words), 25, cache, { model: MODEL }).map(({ name, score }) => ({ name, score }))).toEqual(bruteForce(docs, words, 25))
  })

  it('names the matched terms of each result, for the snippet', () => {
    const index = indexOf(new Map([['a', named('a', ['refund', 'invoice'])], ['b', named('b', ['refund'])]]))
    const lists = listsFor(index, [{ word: 'refund', weight: 1, source: 'refund' }, { word: 'invoice', weight: 1, source: 'invoice' }])
    expect(topK(index, lists, 10, new ImpactCache(), { model: MODEL }).map((r) => [r.name, r.terms])).toEqual([
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
