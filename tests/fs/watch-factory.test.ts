/**
 * E19.2: which file system a folder is on is asked once per file system. A folder listed as a plain
 * directory in a watched folder inherits that folder's answer unless a mount point ends in its name;
 * the top of a walk, a symlinked folder and a folder named like a mount point are asked (`statfs`), and
 * a network file system found there still ends watching (E3: the index then reads the disk).
 */
import { symlink } from 'node:fs/promises'
import { statfs } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { FS_LIMITS } from '../../src/core/limits.js'
import { mountPointNames } from '../../src/fs/mount-names.js'
import { nodeWatchFactory } from '../../src/fs/watch-factory.js'
import { WatchedView } from '../../src/fs/watched-view.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'

const NFS = 0x6969

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

/** A mount table whose mount points end in `names`. */
const mountTable = (...names: string[]) => () => names.map((name, i) => `${30 + i} 1 0:${i} / /mnt/${name} rw - ext4 /dev/x${i} rw`).join('\n')

/** A view over a factory whose `statfs` is recorded (and says `nfs` for the paths in `remote`). */
function countingView(mountInfo: () => string, remote: ReadonlySet<string> = new Set()) {
  const asked: string[] = []
  const unavailable: string[] = []
  const watch = nodeWatchFactory('linux', {
    statfs: async (path) => {
      asked.push(path)
      return remote.has(path) ? { type: NFS } : statfs(path)
    },
    mountInfo,
  })
  const view = new WatchedView({ limits: FS_LIMITS, watch, onUnavailable: (reason) => unavailable.push(reason), onChange: () => {} })
  onTestFinished(() => view.close())
  return { view, asked, unavailable }
}

/** Lists `dir` and every folder below it, as a walk does. */
async function walk(view: WatchedView, dir: string): Promise<void> {
  const listed = await view.listTyped(dir)
  if ('error' in listed) return
  for (const name of listed.names) {
    const type = await view.type(join(dir, name))
    if (!('error' in type) && type.isDirectory) await walk(view, join(dir, name))
  }
}

describe('mountPointNames', () => {
  it('takes the last component of each mount point, unescaped', () => {
    const text = '22 27 0:21 / /proc rw - proc proc rw\n40 27 0:30 / /mnt/my\\040disk rw - nfs host:/x rw\n1 0 0:1 / / rw - ext4 /dev/a rw\n'
    expect([...mountPointNames(text)].sort()).toEqual(['', 'my disk', 'proc'])
  })
})

describe('the watch factory asks statfs once per file system (E19.2)', () => {
  it('asks for the top of a walk, not for the plain folders below it', async () => {
    await writeTree(root, { 'a/SKILL.md': 'a', 'a/references/g.md': 'g', 'b/deep/er/x.md': 'x' })
    const { view, asked } = countingView(mountTable('proc', 'sys'))
    await walk(view, root)
    expect(asked.sort()).toEqual([root, join(root, '..')].sort())
  })

  it('asks for a folder a mount point may be on, and for a symlinked one', async () => {
    await writeTree(root, { 'a/x.md': 'x', 'proc/y.md': 'y', 'target/z.md': 'z' })
    await symlink(join(root, 'target'), join(root, 'linked'))
    const { view, asked } = countingView(mountTable('proc'))
    await walk(view, root)
    expect(asked).toContain(join(root, 'proc'))
    expect(asked).toContain(join(root, 'linked'))
    expect(asked).not.toContain(join(root, 'a'))
  })

  it('still finds a network file system mounted on a folder below a local one', async () => {
    await writeTree(root, { 'a/x.md': 'x', 'share/y.md': 'y' })
    const { view, unavailable } = countingView(mountTable('share'), new Set([join(root, 'share')]))
    await walk(view, root)
    expect(unavailable).toHaveLength(1)
    expect(unavailable[0]).toContain('nfs')
    expect(view.failed).toBeDefined()
  })

  it('asks for every folder when the mount table cannot be read', async () => {
    await writeTree(root, { 'a/b/x.md': 'x' })
    const { view, asked } = countingView(() => {
      throw new Error('no /proc')
    })
    await walk(view, root)
    expect(asked).toEqual(expect.arrayContaining([root, join(root, 'a'), join(root, 'a/b')]))
  })
})
