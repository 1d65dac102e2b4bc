/**
 * E8.1: the evaluation set's requests put the skill they need first (top-1 ≥ 90 %) or in the top 3 (≥ 98 %).
 * E14.1–E14.2: over the real corpora (1,474 skills of nine authors, tests/bench/corpora-eval.ts), the
 * held-out half meets top-1 ≥ 90 %, top-3 ≥ 97 % and MRR ≥ 0.90; both halves are reported.
 */
import { describe, expect, it } from 'vitest'
import { searchSkills } from '../../src/functions/search.js'
import { corporaRequests, corporaRoots, CORPORA_DIR, evaluateCorpora } from '../bench/corpora-eval.js'
import { formatMetrics, type RankingMetrics } from '../bench/ranking-metrics.js'
import { evalSkillBody, evalSkills, evaluateSearch } from '../bench/search-eval.js'
import { fakeDeps, seedSkills } from './fake-deps.js'

const misses = (metrics: RankingMetrics) => metrics.misses.map((m) => `  #${m.rank} "${m.query}" wants ${m.expected}, first ${m.first}`).join('\n')

describe('skill::search on the evaluation set (E8.1)', () => {
  it('meets the top-1 and top-3 targets', async () => {
    const world = fakeDeps()
    seedSkills(world, Object.fromEntries(evalSkills().map((skill) => [skill.id, evalSkillBody(skill)])))
    world.functions.set('state::list', async (payload) => world.state.list((payload as { scope: string }).scope))
    const metrics = await evaluateSearch(async (query) => (await searchSkills({ query, under: null, limit: 10 }, world.deps)).results.map((r) => r.id))
    const report = `${formatMetrics(metrics)}\n${misses(metrics)}`
    expect(metrics.top1, report).toBeGreaterThanOrEqual(0.9)
    expect(metrics.top3, report).toBeGreaterThanOrEqual(0.98)
  })
})

describe('skill::search over the real corpora (E14.1, E14.2)', () => {
  // The corpora served the way `--skills-dir` serves them: one root per author folder.
  const world = fakeDeps({ config: { skill_roots: corporaRoots() }, baseDir: CORPORA_DIR })
  const search = async (query: string) => (await searchSkills({ query, under: null, limit: 10 }, world.deps)).results.map((r) => r.id)

  it('serves at least 1,000 skills of at least 6 authors, and every labelled id is one of them', async () => {
    const skills = (await world.deps.fs.snapshot()).skills
    expect(skills.length).toBeGreaterThanOrEqual(1000)
    const authors = new Set(skills.map((skill) => skill.path.slice(CORPORA_DIR.length + 1).split('/')[0]))
    expect(authors.size).toBeGreaterThanOrEqual(6)
    const ids = new Set(skills.map((skill) => skill.id))
    expect(corporaRequests().flatMap((r) => r.ids).filter((id) => !ids.has(id))).toEqual([])
  })

  it('meets top-1 ≥ 90 %, top-3 ≥ 97 % and MRR ≥ 0.90 on the held-out half', async () => {
    const metrics = await evaluateCorpora(search)
    const heldOut = metrics['held-out']
    const report = `held-out: ${formatMetrics(heldOut)}\n${misses(heldOut)}\ntuning: ${formatMetrics(metrics.tuning)}\n${misses(metrics.tuning)}`
    process.stderr.write(`[search-quality] corpora ${report}\n`)
    expect(heldOut.top1, report).toBeGreaterThanOrEqual(0.9)
    expect(heldOut.top3, report).toBeGreaterThanOrEqual(0.97)
    expect(heldOut.mrr, report).toBeGreaterThanOrEqual(0.9)
  }, 120_000)
})
