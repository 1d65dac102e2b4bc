/**
 * The `skill::search` cases of `npm run bench`, at 1,000 and 10,000 state skills (the bodies of
 * fixtures.ts: 2 KiB of prose about three topics each, prose.ts). `search@N` is an agent's
 * question whose words are topics, each in about 1 skill in 80: the target case (p50 ≤ 3× floor at
 * 10,000). `search-broad@N` asks for words every bench skill contains, so every skill is scored:
 * what a query of only such words costs, shown for the record.
 */
import { ratioTarget, type CaseResult, type TargetResult } from './report.js'

export interface SearchCase {
  id: string
  label: string
  functionId: string
  payload: unknown
}

export const SEARCH_QUERY = 'how do I refund an invoice'
export const BROAD_QUERY = 'skill workflow'

/** The cases to run once `size` state skills are registered (none below 1,000). */
export function searchCases(size: number): SearchCase[] {
  if (size < 1000) return []
  return [
    { id: `search@${size}`, label: `skill::search "${SEARCH_QUERY}"`, functionId: 'skill::search', payload: { query: SEARCH_QUERY } },
    { id: `search-broad@${size}`, label: `skill::search "${BROAD_QUERY}"`, functionId: 'skill::search', payload: { query: BROAD_QUERY } },
  ]
}

/** E4's target, judged like the report's own. */
export function searchTargets(cases: CaseResult[]): TargetResult[] {
  return [ratioTarget(cases, 'search@10000', 'skill::search at 10,000 skills', 3)]
}
