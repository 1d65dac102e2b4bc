/** E8.1: the evaluation set's requests put the skill they need first (top-1 ≥ 90 %) or in the top 3 (≥ 98 %). */
import { describe, expect, it } from 'vitest'
import { searchSkills } from '../../src/functions/search.js'
import { formatMetrics } from '../bench/ranking-metrics.js'
import { evalSkillBody, evalSkills, evaluateSearch } from '../bench/search-eval.js'
import { fakeDeps, seedSkills } from './fake-deps.js'

describe('skill::search on the evaluation set (E8.1)', () => {
  it('meets the top-1 and top-3 targets', async () => {
    const world = fakeDeps()
    seedSkills(world, Object.fromEntries(evalSkills().map((skill) => [skill.id, evalSkillBody(skill)])))
    world.functions.set('state::list', async (payload) => world.state.list((payload as { scope: string }).scope))
    const metrics = await evaluateSearch(async (query) => (await searchSkills({ query, under: null, limit: 10 }, world.deps)).results.map((r) => r.id))
    const report = `${formatMetrics(metrics)}\n${metrics.misses.map((m) => `  #${m.rank} "${m.query}" wants ${m.expected}, first ${m.first}`).join('\n')}`
    expect(metrics.top1, report).toBeGreaterThanOrEqual(0.9)
    expect(metrics.top3, report).toBeGreaterThanOrEqual(0.98)
  })
})
