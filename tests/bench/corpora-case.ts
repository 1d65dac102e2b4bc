/**
 * `search-corpora` in `npm run bench` (E14.1, E14.2): `skill::search` over the real corpora
 * (`../shared/corpora`, 1,474 skills), served by a skills worker of its own with one `--skills-dir`
 * per author folder, as a user would serve them. It prints the corpora evaluation's figures (held-out
 * and tuning half, tests/bench/corpora-eval.ts), the warm p50 and p99 of every evaluation request
 * asked again after a first pass, and measures one request against its floor like every other case:
 * `search-corpora@N`, whose target is p50 ≤ 10 ms (report.ts).
 */
import { evaluateCorpora, corporaRequests, corporaRoots } from './corpora-eval.js'
import { evaluateSituations } from './search-situation-eval.js'
import { formatMetrics, type RankingMetrics } from './ranking-metrics.js'
import type { SearchCase } from './search-case.js'
import { summarize } from './stats.js'

export const CORPORA_CASE = 'search-corpora'
/** The request the measured case asks (a question as people put it, none of the evaluation's). */
export const CORPORA_QUERY = 'how do I write unit tests for my bash scripts'
/** Each evaluation request is asked this many more times for the warm percentiles. */
const WARM_ROUNDS = 5
const SCOPES = { skills: 'bench-corpora-skills', prompts: 'bench-corpora-prompts' }

/** What the phase needs from the runner. */
export interface CorporaBench {
  /** Starts a skills worker with this config and these extra command-line arguments. */
  startWorker(config: object, args: string[]): Promise<{ pid: number; stop(): Promise<void> }>
  call(functionId: string, payload: unknown): Promise<unknown>
  measure(spec: SearchCase & { skills: number }): Promise<void>
  wanted(id: string): boolean
}

export async function benchCorpora(bench: CorporaBench): Promise<void> {
  if (!bench.wanted(CORPORA_CASE)) return
  const worker = await bench.startWorker({ scopes: SCOPES }, corporaRoots().flatMap((root) => ['--skills-dir', root]))
  try {
    const skills = await untilListed(bench)
    const log = (line: string) => process.stderr.write(`[bench] ${line}\n`)
    const search = async (query: string) => {
      const { results } = await bench.call('skill::search', { query, limit: 10 }) as { results: Array<{ id: string }> }
      return results.map((result) => result.id)
    }
    const started = performance.now()
    await search(CORPORA_QUERY)
    log(`search over the real corpora (${skills} skills): first search, building the index, ${(performance.now() - started).toFixed(0)} ms`)
    const metrics = await evaluateCorpora(search)
    for (const half of ['held-out', 'tuning'] as const) log(`search quality over the real corpora (E14.1), ${half} half: ${formatMetrics(metrics[half])}`)
    const situations = await evaluateSituations(search)
    for (const half of ['held-out', 'tuning'] as const) log(`search quality on requests written from situations (E23.1), ${half} half: ${formatMetrics(situations[half])}`)
    for (const half of ['held-out', 'tuning'] as const) printMisses(log, half, metrics[half])
    const samples: number[] = []
    for (let round = 0; round < WARM_ROUNDS; round++) {
      for (const { query } of corporaRequests()) {
        const before = performance.now()
        await search(query)
        samples.push(performance.now() - before)
      }
    }
    const warm = summarize(samples)
    log(`search over the real corpora, every evaluation request warm (${samples.length} calls): p50 ${warm.p50Ms.toFixed(2)} ms, p99 ${warm.p99Ms.toFixed(2)} ms (E14.2: p50 ≤ 10 ms)`)
    await bench.measure({ id: `${CORPORA_CASE}@${skills}`, label: `skill::search "${CORPORA_QUERY}" (real corpora)`, functionId: 'skill::search', payload: { query: CORPORA_QUERY }, skills })
  } finally {
    await worker.stop()
  }
}

function printMisses(log: (line: string) => void, half: string, metrics: RankingMetrics): void {
  for (const miss of metrics.misses) log(`  ${half} #${miss.rank === 0 ? '-' : miss.rank} "${miss.query}": wants ${miss.expected}, first ${miss.first ?? 'none'}`)
}

// Until the new worker lists the corpora (its fs index is built on the first listing).
async function untilListed(bench: CorporaBench): Promise<number> {
  let last: unknown
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      const listed = await bench.call('skills::list', {}) as { skills: unknown[] }
      if (listed.skills.length >= 1000) return listed.skills.length
      last = `${listed.skills.length} skills listed`
    } catch (error) {
      last = error
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`corpora worker not serving the corpora: ${String(last)}`)
}
