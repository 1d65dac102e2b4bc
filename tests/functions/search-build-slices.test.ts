/** E8.3: a build of fewer skills than a slice still lets other work run once it has indexed for a while. */
import { describe, expect, it } from 'vitest'
import { searchSkills } from '../../src/functions/search.js'
import { fakeDeps, seedSkills } from './fake-deps.js'

describe('skill::search first build', () => {
  it('lets other work run during a long build of few, large skills', async () => {
    const world = fakeDeps()
    world.functions.set('state::list', async (payload) => world.state.list((payload as { scope: string }).scope))
    const rows: Record<string, string> = {}
    // 150 skills (under the 200 of a count slice), each 60 KB of distinct words: far more than 15 ms of indexing.
    for (let i = 0; i < 150; i++) rows[`s${i}`] = `# S${i}\n\n${Array.from({ length: 6000 }, (_, j) => `w${i}x${j}`).join(' ')}\n`
    seedSkills(world, rows)
    const order: string[] = []
    const searched = searchSkills({ query: 'w149x0', under: null, limit: 10 }, world.deps)
      .then((result) => order.push(`search ${result.results.map((r) => r.id).join()}`))
    setImmediate(() => order.push('other work'))
    await searched
    expect(order).toEqual(['other work', 'search s149'])
  })
})
