/**
 * The situation evaluation over the real corpora (E23.1, tests/fixtures/situation-eval/): requests
 * written from a user's situation, in their words, before the catalogue was read (`requests.json`,
 * committed alone), then labelled with every skill that serves each (`labels.json`, ids as the
 * search returns them with one `--skills-dir` per author folder, like the corpora evaluation).
 * Split once by a hash of the request's text (`halfOf`), fixed before any tuning: the held-out
 * figures are the ones reported.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Half } from './corpora-eval.js'
import { rankingMetrics, type RankingMetrics } from './ranking-metrics.js'

export interface SituationRequest {
  query: string
  /** Every id that serves the request. */
  ids: string[]
}

// Run from dist/tests/bench (npm run bench) or tests/bench (vitest): tsc does not copy the fixtures.
const FIXTURES = new URL(fileURLToPath(import.meta.url).includes('/dist/tests/') ? '../../../tests/fixtures/situation-eval/' : '../fixtures/situation-eval/', import.meta.url)

const readJson = (name: string): unknown => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'))

/** The requests as written, before any label. */
export const situationTexts = (): string[] => readJson('requests.json') as string[]

/** The labelled requests: those some skill serves (the others are dropped), in the order written. */
export function situationRequests(): SituationRequest[] {
  const labels = readJson('labels.json') as Record<string, string[]>
  return situationTexts().filter((query) => (labels[query]?.length ?? 0) > 0).map((query) => ({ query, ids: labels[query]! }))
}

/** FNV-1a (32 bits) over the request's UTF-16 code units. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0
  return hash
}

/** The half a request is in: by a hash of its text, once and for all (not by position, so labels dropping requests move none). */
export const halfOf = (query: string): Half => (fnv1a(query) % 2 === 0 ? 'tuning' : 'held-out')

export type SituationMetrics = Record<Half, RankingMetrics>

/** Runs every labelled request through `search` (ids, best first) and scores each half. */
export async function evaluateSituations(search: (query: string) => Promise<readonly string[]>): Promise<SituationMetrics> {
  const judged: Record<Half, Array<{ query: string; expected: string[]; ranked: readonly string[] }>> = { tuning: [], 'held-out': [] }
  for (const request of situationRequests()) judged[halfOf(request.query)].push({ query: request.query, expected: request.ids, ranked: await search(request.query) })
  return { tuning: rankingMetrics(judged.tuning), 'held-out': rankingMetrics(judged['held-out']) }
}
