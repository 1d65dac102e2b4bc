/**
 * The `skill::search` cases of `npm run bench`, at 1,000 and 10,000 state skills (the bodies of
 * fixtures.ts: 2 KiB of prose about three topics each, prose.ts). They run in a phase of their own,
 * on a skills worker with its own state scope, after the registry cases: the search index then
 * never sits in the worker whose memory the registry targets measure.
 *
 * `search@N` is an agent's question whose words are topics, each in about 1 skill in 80: the target
 * case (p50 ≤ 3× floor at 10,000; the target is in report.ts's TARGETS). `search-broad@N` asks for words every bench skill contains, so
 * every skill is scored: what a query of only such words costs, shown for the record.
 */
import { memoryOf } from './processes.js'
import { MIB } from './report.js'

export const SEARCH_SIZES = [1000, 10_000]
export const SEARCH_QUERY = 'how do I refund an invoice'
export const BROAD_QUERY = 'skill workflow'
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
}

export function searchCases(size: number): SearchCase[] {
  return [
    { id: `search@${size}`, label: `skill::search "${SEARCH_QUERY}"`, functionId: 'skill::search', payload: { query: SEARCH_QUERY } },
    { id: `search-broad@${size}`, label: `skill::search "${BROAD_QUERY}"`, functionId: 'skill::search', payload: { query: BROAD_QUERY } },
  ]
}

/** Registers each size's skills on a fresh worker and measures the search cases there. */
export async function benchSearch(bench: SearchBench): Promise<void> {
  const sizes = SEARCH_SIZES.filter((size) => size <= bench.maxSkills)
  if (!sizes.flatMap(searchCases).some((c) => bench.wanted(c.id))) return
  const worker = await bench.startWorker({ scopes: SCOPES })
  try {
    await untilServing(bench)
    let registered = 0
    for (const size of sizes) {
      await bench.register(registered, size)
      const started = Date.now()
      await bench.call('skill::search', { query: SEARCH_QUERY })
      process.stderr.write(`[bench] first search after registering skills ${registered}–${size - 1} (index update): ${Date.now() - started} ms\n`)
      registered = size
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
