/** E16.2: the listings the first resources/list pages through are built once the index is, and calls reuse them. */
import { describe, expect, it } from 'vitest'
import { prepareFirstListing } from '../../src/functions/first-listing.js'
import { listMcpResources } from '../../src/functions/mcp-resources.js'
import { listSepSkills } from '../../src/functions/sep-skills.js'
import { fakeDeps, type FakeWorld } from './fake-deps.js'

/** The state as the worker's registry cache gives it: one view per key until `refresh`. */
function cachedViews(world: FakeWorld): { refresh(): void } {
  const views = new Map<string, Promise<unknown>>()
  const fresh = world.deps.state.view.bind(world.deps.state)
  world.deps.state.view = ((scope: string, key: string, project: (values: unknown[]) => unknown) => {
    if (!views.has(key)) views.set(key, fresh(scope, key, project))
    return views.get(key)
  }) as typeof world.deps.state.view
  return { refresh: () => views.clear() }
}

describe('the first listing (E16.2)', () => {
  const world = () => {
    const w = fakeDeps()
    for (const id of ['a', 'b', 'c']) w.state.rows('skills').set(id, { id, skill: `---\nname: ${id}\ndescription: Skill ${id}.\n---\n# ${id}`, registered_at: 't' })
    return w
  }

  it('is built before any call, and the first page is read from it', async () => {
    const w = world()
    cachedViews(w)
    const prepared = await prepareFirstListing(w.deps)
    expect(prepared.resources.resources.map((r) => r.uri)).toEqual(['iii://skills', 'iii://a', 'iii://b', 'iii://c'])
    expect(prepared.catalogue.sorted.map((s) => s.uri)).toEqual(['skill://a/SKILL.md', 'skill://b/SKILL.md', 'skill://c/SKILL.md'])
    expect(await listMcpResources({}, w.deps)).toBe(prepared.resources)
    expect((await prepareFirstListing(w.deps)).catalogue).toBe(prepared.catalogue)
  })

  it('gives way to a new one once the state changes, as a call would have built it', async () => {
    const w = world()
    const views = cachedViews(w)
    const prepared = await prepareFirstListing(w.deps)
    w.state.rows('skills').set('d', { id: 'd', skill: '---\nname: d\ndescription: Skill d.\n---\n# d', registered_at: 't' })
    views.refresh()
    const listed = (await listMcpResources({}, w.deps)) as { resources: Array<{ uri: string }> }
    expect(listed).not.toBe(prepared.resources)
    expect(listed.resources.map((r) => r.uri)).toEqual(['iii://skills', 'iii://a', 'iii://b', 'iii://c', 'iii://d'])
    expect((await listSepSkills({ digests: false }, w.deps)).skills.map((s) => s.uri)).toEqual(['skill://a/SKILL.md', 'skill://b/SKILL.md', 'skill://c/SKILL.md', 'skill://d/SKILL.md'])
  })
})
