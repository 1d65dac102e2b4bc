/**
 * E19.2: one walk of a skill root finds, depth by depth, what the six globs of skillRootPatterns find
 * (glob-walk.ts), through the plain disk and through the watched index alike.
 */
import { chmod, mkdir, symlink } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FS_LIMITS } from '../../src/core/index.js'
import { confinedView } from '../../src/fs/confined-view.js'
import { directView, type FsView } from '../../src/fs/fs-view.js'
import { globMatches } from '../../src/fs/glob-matches.js'
import { skillRootPatterns } from '../../src/fs/skill-roots.js'
import { skillRootWalk } from '../../src/fs/skill-root-walk.js'
import { nodeWatchFactory } from '../../src/fs/watch-factory.js'
import { WatchedView } from '../../src/fs/watched-view.js'
import { silentLogger } from '../support/silent-logger.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'

let dir: string
beforeEach(async () => {
  dir = await makeTempDir()
})
afterEach(async () => {
  await chmod(join(dir, 'root/locked'), 0o755).catch(() => undefined)
  await removeTempDir(dir)
})

const md = (name: string) => `---\nname: ${name}\ndescription: d\n---\nbody\n`

async function tree(): Promise<string> {
  const root = join(dir, 'root')
  await writeTree(root, {
    'a/SKILL.md': md('a'),
    'a/references/guide.md': 'g',
    'a/nested/SKILL.md': md('nested'),
    'a/nested/deeper/x/y/z/SKILL.md': md('z'),
    'a/nested/deeper/x/y/z/w/SKILL.md': md('too-deep'),
    '.hidden/SKILL.md': md('hidden'),
    'b/.git/SKILL.md': md('git'),
    'c/SKILL.md/keep': 'a folder named SKILL.md',
    'node_modules/p/SKILL.md': md('p'),
    'Upper Case/SKILL.md': md('upper'),
    'locked/inner/SKILL.md': md('inner'),
  })
  await writeTree(dir, { 'outside/o/SKILL.md': md('o') })
  await symlink(join(dir, 'outside'), join(root, 'out-link'))
  await symlink(join(root, 'a'), join(root, 'a-link'))
  await symlink(root, join(root, 'a', 'loop'))
  await mkdir(join(root, 'empty'))
  await chmod(join(root, 'locked'), 0o644)
  return root
}

async function globsOf(root: string, view: FsView) {
  const depths = []
  for (const pattern of skillRootPatterns(root)) {
    const result = await globMatches(pattern, '/', silentLogger(), view)
    depths.push('error' in result ? [] : result.matches)
  }
  return depths
}

describe('the walk of a skill root (E19.2)', () => {
  it('finds at each depth what that depth\'s glob finds, on the disk', async () => {
    const root = await tree()
    const view = confinedView(directView, root)
    const walked = await skillRootWalk(root, 6, silentLogger(), view)
    expect(walked).toEqual(await globsOf(root, view))
    expect(walked.flat().some((m) => m.path === join(root, 'a/nested/SKILL.md'))).toBe(true)
  })

  it('and through the watched index', async () => {
    const root = await tree()
    const watched = new WatchedView({ watch: nodeWatchFactory(), onUnavailable: () => undefined, onChange: () => undefined, limits: FS_LIMITS })
    try {
      const view = confinedView(watched, root)
      expect(await skillRootWalk(root, 6, silentLogger(), view)).toEqual(await globsOf(root, confinedView(directView, root)))
    } finally {
      watched.close()
    }
  })
})
