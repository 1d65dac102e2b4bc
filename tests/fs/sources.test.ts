import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FsSources } from '../../src/fs/sources.js'
import { captureLogger, makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { FS_LIMITS } from '../../src/core/limits.js'

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

const config = { skills: ['fs-skills/**/*.md'], prompts: ['fs-prompts/**/*.md'] }
const idAndPath = ({ id, path }: { id: string; path: string }) => ({ id, path })

describe('FsSources', () => {
  it('lists skills and prompts from the configured globs', async () => {
    await writeTree(root, {
      'fs-skills/team-a/playbook.md': '# Playbook',
      'fs-prompts/open-pr.md': '---\ndescription: Open a GitHub pull request.\n---\nOpen it.\n',
    })
    const sources = new FsSources(config, root, captureLogger().log, { limits: FS_LIMITS })
    expect((await sources.skills()).map(idAndPath)).toEqual([{ id: 'team-a/playbook', path: join(root, 'fs-skills/team-a/playbook.md') }])
    expect(await sources.prompts()).toEqual([
      { name: 'open-pr', description: 'Open a GitHub pull request.', path: join(root, 'fs-prompts/open-pr.md') },
    ])
  })

  it('re-globs on every call, so added and removed files show up at once', async () => {
    const sources = new FsSources(config, root, captureLogger().log, { limits: FS_LIMITS })
    expect(await sources.skills()).toEqual([])
    await writeTree(root, { 'fs-skills/a.md': '# a', 'fs-prompts/p.md': '---\ndescription: d\n---\n' })
    expect((await sources.skills()).map((s) => s.id)).toEqual(['a'])
    expect((await sources.prompts()).map((p) => p.description)).toEqual(['d'])
    await writeTree(root, { 'fs-prompts/p.md': '---\ndescription: changed\n---\n' })
    expect((await sources.prompts()).map((p) => p.description)).toEqual(['changed'])
    await rm(join(root, 'fs-skills/a.md'))
    expect(await sources.skills()).toEqual([])
  })

  it('finds single entries by id and name', async () => {
    await writeTree(root, { 'fs-skills/a/b.md': '# b', 'fs-prompts/x/static.md': '---\ndescription: d\n---\n' })
    const sources = new FsSources(config, root, captureLogger().log, { limits: FS_LIMITS })
    expect(idAndPath((await sources.findSkill('a/b'))!)).toEqual({ id: 'a/b', path: join(root, 'fs-skills/a/b.md') })
    expect(await sources.findSkill('b')).toBeUndefined()
    expect(await sources.findPrompt('static')).toEqual({ name: 'static', description: 'd', path: join(root, 'fs-prompts/x/static.md') })
    expect(await sources.findPrompt('nope')).toBeUndefined()
  })

  it('skips bad files silently at runtime', async () => {
    await writeTree(root, { 'fs-skills/Bad-Name.md': '# x', 'fs-prompts/no-fm.md': 'body' })
    const { log, lines } = captureLogger()
    const sources = new FsSources(config, root, log, { limits: FS_LIMITS })
    expect(await sources.skills()).toEqual([])
    expect(await sources.prompts()).toEqual([])
    expect(lines()).toEqual([])
  })

  it('returns nothing without globs', async () => {
    const sources = new FsSources({ skills: [], prompts: [] }, root, captureLogger().log, { limits: FS_LIMITS })
    expect(await sources.skills()).toEqual([])
    expect(await sources.prompts()).toEqual([])
  })
})
