/**
 * Ranking quality of a search over an evaluation set (E8.1): for each request, where the skill it
 * needs lands in the ranked ids. top-1 and top-3 are the shares of requests whose skill is first or
 * within the first three; MRR is the mean of 1/rank (0 when the skill is not returned at all). A
 * request may accept any of several skills (E14.1: equally right ones): it counts at the rank of the
 * first of them returned.
 */
export interface Judged {
  query: string
  /** The skill the request needs, or every skill that answers it equally well. */
  expected: string | readonly string[]
  /** The ids the search returned, best first. */
  ranked: readonly string[]
}

export interface RankingMetrics {
  requests: number
  top1: number
  top3: number
  mrr: number
  /** The requests whose skill was not first, with the rank it got (0: not returned). */
  misses: Array<{ query: string; expected: string; rank: number; first: string | undefined }>
}

export function rankingMetrics(judged: readonly Judged[]): RankingMetrics {
  if (judged.length === 0) throw new Error('rankingMetrics: no requests to judge')
  let top1 = 0
  let top3 = 0
  let reciprocal = 0
  const misses: RankingMetrics['misses'] = []
  for (const { query, expected, ranked } of judged) {
    const accepted = typeof expected === 'string' ? [expected] : expected
    const rank = ranked.findIndex((id) => accepted.includes(id)) + 1
    if (rank === 1) top1++
    if (rank >= 1 && rank <= 3) top3++
    if (rank >= 1) reciprocal += 1 / rank
    if (rank !== 1) misses.push({ query, expected: accepted.join(' | '), rank, first: ranked[0] })
  }
  const n = judged.length
  return { requests: n, top1: top1 / n, top3: top3 / n, mrr: reciprocal / n, misses }
}

/** "top-1 91.2 %, top-3 98.2 %, MRR 0.947 over 114 requests" */
export function formatMetrics(metrics: RankingMetrics): string {
  const pct = (share: number) => `${(share * 100).toFixed(1)} %`
  return `top-1 ${pct(metrics.top1)}, top-3 ${pct(metrics.top3)}, MRR ${metrics.mrr.toFixed(3)} over ${metrics.requests} requests`
}
