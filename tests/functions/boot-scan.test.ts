import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bootFsScan } from '../../src/functions/boot-scan.js'
import { LEVEL, makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { fakeDeps } from './fake-deps.js'

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

const config = { skills: ['fs/skills/*.md'], prompts: ['fs/prompts/*.md'] }

describe('bootFsScan (§6.9, D4)', () => {
  it('reports fs entries shadowed by state rows as skipped, counted in the summary', async () => {
    await writeTree(root, {
      'fs/skills/a.md': '# A',
      'fs/skills/b.md': '# B',
      'fs/prompts/p.md': '---\ndescription: d\n---\nbody',
    })
    const world = fakeDeps({ baseDir: root, config })
    world.state.rows('skills').set('a', { id: 'a', skill: 'x', registered_at: 't' })
    world.state.rows('prompts').set('p', { name: 'p', description: 'd', arguments: [], function_id: 'f', registered_at: 't' })
    expect(await bootFsScan(world.deps, root, world.log.log)).toEqual({ skills: 1, prompts: 0, skipped: 2 })
    expect(world.log.lines().filter((l) => l.msg === 'skipped fs entry')).toEqual([
      { level: LEVEL.warn, msg: 'skipped fs entry', kind: 'skill', path: `${root}/fs/skills/a.md`, reason: 'collision with state-backed entry' },
      { level: LEVEL.warn, msg: 'skipped fs entry', kind: 'prompt', path: `${root}/fs/prompts/p.md`, reason: 'collision with state-backed entry' },
    ])
    expect(world.log.lines().at(-1)).toEqual({ level: LEVEL.info, msg: 'fs source scan complete', skills: 1, prompts: 0, skipped: 2, base_dir: root })
  })

  it('goes on without shadow detection when state cannot be listed (best effort)', async () => {
    await writeTree(root, { 'fs/skills/a.md': '# A' })
    const world = fakeDeps({ baseDir: root, config })
    world.state.failures.set('list', new Error('state down'))
    expect(await bootFsScan(world.deps, root, world.log.log)).toEqual({ skills: 1, prompts: 0, skipped: 0 })
    expect(world.log.lines().find((l) => l.level === LEVEL.warn)).toEqual({
      level: LEVEL.warn, msg: 'could not list state scopes to find shadowed fs entries', error: 'state down',
    })
  })

  it('does not touch state when no fs sources are configured', async () => {
    const world = fakeDeps({ baseDir: root })
    expect(await bootFsScan(world.deps, root, world.log.log)).toEqual({ skills: 0, prompts: 0, skipped: 0 })
    expect(world.state.calls).toEqual([])
  })
})
