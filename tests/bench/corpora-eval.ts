/**
 * The search evaluation over the real corpora (E14.1, tests/fixtures/corpora-eval/): 1,474 Agent
 * Skills of nine authors in `../shared/corpora` (relative to the repository root, as CI lays it
 * out), served as the worker serves them with one `--skills-dir` per author folder, and 217
 * requests labelled with the skill(s) they need before any search over them was run. Split once by
 * position into a tuning half (even) and a held-out half (odd): the held-out figures are reported.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { rankingMetrics, type RankingMetrics } from './ranking-metrics.js'

export interface CorporaRequest {
  query: string
  /** Every id that answers the request (most have one). */
  ids: string[]
  /** The repository folder of the first id (coverage only). */
  author: string
}

export type Half = 'tuning' | 'held-out'

// Run from dist/tests/bench (npm run bench) or tests/bench (vitest): both are resolved from the repository root.
const REPO_ROOT = new URL(fileURLToPath(import.meta.url).includes('/dist/tests/') ? '../../../' : '../../', import.meta.url)

/** `../shared/corpora` from the repository root. */
export const CORPORA_DIR = fileURLToPath(new URL('../shared/corpora/', REPO_ROOT)).replace(/\/$/, '')

/** The skill roots the catalogue is served from: each author's folder, by name. */
export function corporaRoots(): string[] {
  return readdirSync(CORPORA_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${CORPORA_DIR}/${entry.name}`)
    .sort()
}

export function corporaRequests(): CorporaRequest[] {
  return JSON.parse(readFileSync(new URL('tests/fixtures/corpora-eval/requests.json', REPO_ROOT), 'utf8')) as CorporaRequest[]
}

/** The half a request is in: by its position, once and for all. */
export const halfOf = (position: number): Half => (position % 2 === 0 ? 'tuning' : 'held-out')

export type CorporaMetrics = Record<Half, RankingMetrics>

/** Runs every request through `search` (ids, best first) and scores each half. */
export async function evaluateCorpora(search: (query: string) => Promise<readonly string[]>): Promise<CorporaMetrics> {
  const judged: Record<Half, Array<{ query: string; expected: string[]; ranked: readonly string[] }>> = { tuning: [], 'held-out': [] }
  for (const [i, request] of corporaRequests().entries()) {
    judged[halfOf(i)].push({ query: request.query, expected: request.ids, ranked: await search(request.query) })
  }
  return { tuning: rankingMetrics(judged.tuning), 'held-out': rankingMetrics(judged['held-out']) }
}
