import { describe, expect, it } from 'vitest'
import { contentStamp } from '../../src/core/content-stamp.js'
import { mergeById, skillSummaries, stampedSkillSummaries, withoutStateIds, type SkillSummary } from '../../src/functions/skill-sources.js'

const summaryStamp = (summary: SkillSummary) => summary.stamp
import { fakeDeps } from './fake-deps.js'

describe('mergeById', () => {
  const ids = (entries: Array<{ id: string }>) => entries.map((e) => e.id)

  it.each([
    [['a', 'c', 'e'], ['b', 'd'], ['a', 'b', 'c', 'd', 'e']],
    [['a', 'b'], [], ['a', 'b']],
    [[], ['a'], ['a']],
    [['b'], ['a', 'c'], ['a', 'b', 'c']],
  ])('merges %j and %j into %j', (a, b, merged) => {
    expect(ids(mergeById(a.map((id) => ({ id })), b.map((id) => ({ id }))))).toEqual(merged)
  })

  it('puts the first list\'s entry first on equal ids, as a stable sort of both would', () => {
    const merged = mergeById([{ id: 'a', from: 'state' }, { id: 'b', from: 'state' }], [{ id: 'a', from: 'fs' }])
    expect(merged).toEqual([{ id: 'a', from: 'state' }, { id: 'a', from: 'fs' }, { id: 'b', from: 'state' }])
  })

  it('orders by UTF-8 bytes', () => {
    expect(ids(mergeById([{ id: 'skill-10' }], [{ id: 'skill-09' }, { id: 'skill-1' }]))).toEqual(['skill-09', 'skill-1', 'skill-10'])
  })
})

describe('skillSummaries', () => {
  it('summarises the decodable rows, sorted by id, with body size and the index bullet\'s title and cut description', async () => {
    const world = fakeDeps()
    const rows = world.state.rows('skills')
    rows.set('b', { id: 'b', skill: `# Bee\n\n${'y'.repeat(150)}\n`, registered_at: 't1' })
    rows.set('junk', { id: 'junk' })
    rows.set('a', { id: 'a', skill: 'No heading; caf\u00e9.\n', registered_at: 't2' })
    expect(await skillSummaries(world.deps)).toEqual([
      { id: 'a', title: undefined, description: 'No heading; caf\u00e9.', bytes: 19, registered_at: 't2' },
      { id: 'b', title: 'Bee', description: `${'y'.repeat(140)}...`, bytes: 158, registered_at: 't1' },
    ])
  })

  it('takes no content stamps until the worker instance asks for them, then keeps taking them', async () => {
    const world = fakeDeps()
    world.state.rows('skills').set('a', { id: 'a', skill: '# A\n', registered_at: 't' })
    const [plain] = await skillSummaries(world.deps)
    expect(summaryStamp(plain!)).toBeUndefined()
    const [stamped] = await stampedSkillSummaries(world.deps)
    expect(summaryStamp(stamped!)).toBe(contentStamp('# A\n'))
    world.state.rows('skills').set('a', { id: 'a', skill: '# A2\n', registered_at: 't' })
    const [later] = await skillSummaries(world.deps)
    expect(summaryStamp(later!)).toBe(contentStamp('# A2\n'))
    const other = fakeDeps()
    other.state.rows('skills').set('a', { id: 'a', skill: '# A\n', registered_at: 't' })
    const [elsewhere] = await skillSummaries(other.deps)
    expect(summaryStamp(elsewhere!)).toBeUndefined()
  })

  it('hands out the same summaries while the rows read the same (what is memoised on them is kept), new ones once they change', async () => {
    const world = fakeDeps()
    const rows = world.state.rows('skills')
    rows.set('a', { id: 'a', skill: '---\ndescription: A\ntags: [x]\n---\n# A\n', registered_at: 't' })
    const first = await skillSummaries(world.deps)
    rows.set('a', { id: 'a', skill: '---\ndescription: A\ntags: [x]\n---\n# A\n', registered_at: 't' })
    expect(await skillSummaries(world.deps)).toBe(first)
    rows.set('a', { id: 'a', skill: '---\ndescription: A\ntags: [y]\n---\n# A\n', registered_at: 't' })
    const changed = await skillSummaries(world.deps)
    expect(changed).not.toBe(first)
    expect(changed[0]!.discovery).toEqual({ description: 'A', tags: ['y'] })
    rows.set('b', { id: 'b', skill: '# B\n', registered_at: 't' })
    expect((await skillSummaries(world.deps)).map((s) => s.id)).toEqual(['a', 'b'])
    expect(await skillSummaries(fakeDeps().deps)).toEqual([])
  })

  it('leaves fs skills alone when no state row shares their id', async () => {
    const fs = [{ id: 'a', path: '/a.md' }, { id: 'b', path: '/b.md' }]
    const state = [{ id: 'b', title: undefined, description: undefined, bytes: 1, registered_at: '' }]
    expect(withoutStateIds(fs, state)).toEqual([{ id: 'a', path: '/a.md' }])
    expect(withoutStateIds([], state)).toEqual([])
  })
})
