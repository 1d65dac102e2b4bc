/**
 * The `skill::search` cases of `npm run bench`, at 1,000 and 10,000 state skills (the bodies of
 * fixtures.ts: 2 KiB of prose about three topics each, prose.ts). They run in a phase of their own,
 * on a skills worker with its own state scope, after the registry cases: the search index then
 * never sits in the worker whose memory the registry targets measure.
 *
 * `search@N` is an agent's question whose words are topics, each in about 1 skill in 80. E8.2's
 * query shapes follow: a rare term, two words every bench skill contains (so every skill matches),
 * a 12-word question and a 3-letter prefix; each has p50 ≤ 3× and p99 ≤ 10× its floor as target at
 * 10,000 (report.ts's TARGETS). `search-quality` runs the evaluation set's requests (E8.1) on the
 * same worker first and prints top-1, top-3 and MRR.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { memoryOf } from './processes.js'
import { formatMetrics } from './ranking-metrics.js'
import { MIB, type SEARCH_SHAPES } from './report.js'
import { evalSkillBody, evalSkills, evaluateSearch } from './search-eval.js'

export const SEARCH_SIZES = [1000, 10_000]
export const SEARCH_QUERY = 'how do I refund an invoice'
export const BROAD_QUERY = 'skill workflow'
/** E8.2's query shapes: a rare term, two words in every skill, a 12-word question, a 3-letter prefix. */
const SHAPE_QUERIES: Record<(typeof SEARCH_SHAPES)[number], string> = {
  'search-rare': 'underwriting',
  'search-broad': BROAD_QUERY,
  'search-question': 'how should I approve a refund for a disputed invoice payout today',
  'search-prefix': 'inv',
}
export const QUALITY_CASE = 'search-quality'
const SCOPES = { skills: 'bench-search-skills', prompts: 'bench-search-prompts' }

export interface SearchCase {
  id: string
  label: string
  functionId: string
  payload: unknown
}

/** What the phase needs from the runner. */
export interface SearchBench {
  /** Starts a skills worker with this config (the runner's other skills worker is stopped). */
  startWorker(config: object): Promise<{ pid: number; stop(): Promise<void> }>
  call(functionId: string, payload: unknown): Promise<unknown>
  /** Registers the bench skills `from` to `to` (exclusive). */
  register(from: number, to: number): Promise<void>
  /** Measures one case against its floor (the runner skips ids its `--only` filter leaves out). */
  measure(spec: SearchCase & { skills: number }): Promise<void>
  wanted(id: string): boolean
  maxSkills: number
  /** Idle time before a settled RSS reading (V8 returns garbage only after some idle seconds). */
  settleMs: number
}

export function searchCases(size: number): SearchCase[] {
  return [['search', SEARCH_QUERY], ...Object.entries(SHAPE_QUERIES)].map(([prefix, query]) => (
    { id: `${prefix}@${size}`, label: `skill::search "${query}"`, functionId: 'skill::search', payload: { query } }))
}

/** Registers each size's skills on a fresh worker and measures the search cases there. */
export async function benchSearch(bench: SearchBench): Promise<void> {
  const sizes = SEARCH_SIZES.filter((size) => size <= bench.maxSkills)
  const quality = bench.wanted(QUALITY_CASE)
  if (!quality && !sizes.flatMap(searchCases).some((c) => bench.wanted(c.id))) return
  const worker = await bench.startWorker({ scopes: SCOPES })
  try {
    await untilServing(bench)
    if (quality) await searchQuality(bench)
    let registered = 0
    for (const size of sizes) {
      await bench.register(registered, size)
      const largest = size === sizes.at(-1)
      // E8.3 is about what the index keeps: both readings of the largest size are taken idle.
      if (largest) await sleep(bench.settleMs)
      const before = memoryOf(worker.pid)
      if (before !== undefined) process.stderr.write(`[bench] search worker with ${size} skills registered, before indexing them: RSS ${(before.rssBytes / MIB).toFixed(1)} MiB\n`)
      const started = Date.now()
      const longest = await longestWaitWhile(bench, bench.call('skill::search', { query: SEARCH_QUERY }))
      process.stderr.write(`[bench] first search after registering skills ${registered}–${size - 1} (index update): ${Date.now() - started} ms; ` +
        `meanwhile the slowest of ${longest.calls} skills::resources-templates calls took ${longest.ms.toFixed(1)} ms (E8.3: ≤ 50 ms)\n`)
      registered = size
      if (largest && before !== undefined) {
        await sleep(bench.settleMs)
        const indexed = memoryOf(worker.pid)
        if (indexed !== undefined) {
          process.stderr.write(`[bench] search index of ${size} skills, after ${bench.settleMs / 1000} s idle: RSS ${(before.rssBytes / MIB).toFixed(1)} → ` +
            `${(indexed.rssBytes / MIB).toFixed(1)} MiB, the index adds ${((indexed.rssBytes - before.rssBytes) / MIB).toFixed(1)} MiB (E8.3: ≤ 80 MiB)\n`)
        }
      }
      for (const c of searchCases(size)) await bench.measure({ ...c, skills: size })
      const memory = memoryOf(worker.pid)
      if (memory !== undefined) {
        process.stderr.write(`[bench] search worker with ${size} skills indexed: RSS ${(memory.rssBytes / MIB).toFixed(1)} MiB, ` +
          `peak ${(memory.peakRssBytes / MIB).toFixed(1)} MiB\n`)
      }
    }
  } finally {
    await worker.stop()
  }
}

/**
 * E8.3: how long another call waits while `work` runs on the same worker: one cheap call after the
 * other (`skills::resources-templates` reads nothing), the slowest round trip kept. It includes the
 * round trip itself (about the floor), so it bounds the longest event-loop block from above.
 */
async function longestWaitWhile(bench: SearchBench, work: Promise<unknown>): Promise<{ ms: number; calls: number }> {
  let done = false
  const finished = work.finally(() => { done = true })
  let ms = 0
  let calls = 0
  while (!done) {
    const started = performance.now()
    await bench.call('skills::resources-templates', {})
    ms = Math.max(ms, performance.now() - started)
    calls++
  }
  await finished
  return { ms, calls }
}

/** E8.1: the evaluation set's skills registered, its requests asked, the scores printed, the skills gone again. */
async function searchQuality(bench: SearchBench): Promise<void> {
  const skills = evalSkills()
  for (const skill of skills) await bench.call('skills::register', { id: skill.id, skill: evalSkillBody(skill) })
  const metrics = await evaluateSearch(async (query) => {
    const { results } = await bench.call('skill::search', { query, limit: 10 }) as { results: Array<{ id: string }> }
    return results.map((result) => result.id)
  })
  process.stderr.write(`[bench] search quality (E8.1, ${skills.length} skills): ${formatMetrics(metrics)}\n`)
  for (const miss of metrics.misses) {
    process.stderr.write(`[bench]   #${miss.rank === 0 ? '-' : miss.rank} "${miss.query}": wants ${miss.expected}, first ${miss.first ?? 'none'}\n`)
  }
  for (const skill of skills) await bench.call('skills::unregister', { id: skill.id })
}

// Until the new worker answers from its own, still empty, scope.
async function untilServing(bench: SearchBench): Promise<void> {
  let last: unknown
  for (let attempt = 0; attempt < 80; attempt++) {
    try {
      const listed = await bench.call('skills::list', {}) as { skills: unknown[] }
      if (listed.skills.length === 0) return
      last = `${listed.skills.length} skills listed`
    } catch (error) {
      last = error
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`search worker not serving its own scope: ${String(last)}`)
}
