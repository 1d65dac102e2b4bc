import { describe, expect, it } from 'vitest'
import { listMcpResources } from '../../src/functions/mcp-resources.js'
import { fakeDeps } from './fake-deps.js'

describe('skills::mcp-resources-list pages (E12.6)', () => {
  const world = () => {
    const { deps, state } = fakeDeps()
    for (const id of ['a', 'b', 'c', 'd', 'e']) state.rows('skills').set(id, { id, skill: `# ${id.toUpperCase()}`, registered_at: 't' })
    return deps
  }

  it('answers the whole listing without a limit, as before', async () => {
    const listed = (await listMcpResources({}, world())) as { resources: Array<{ uri: string }> }
    expect(listed.resources.map((r) => r.uri)).toEqual(['iii://skills', 'iii://a', 'iii://b', 'iii://c', 'iii://d', 'iii://e'])
    expect(listed).not.toHaveProperty('total')
  })

  it('answers the page from offset with the total, and the pages add up to the whole', async () => {
    const deps = world()
    const whole = ((await listMcpResources({}, deps)) as { resources: unknown[] }).resources
    const pages = await Promise.all([0, 4].map((offset) => listMcpResources({ offset, limit: 4 }, deps)))
    expect(pages.map((p) => (p as { total: number }).total)).toEqual([6, 6])
    expect(pages.flatMap((p) => (p as { resources: unknown[] }).resources)).toEqual(whole)
    expect(await listMcpResources({ offset: 9, limit: 4 }, deps)).toEqual({ resources: [], total: 6 })
  })
})
