import { execFileSync } from 'node:child_process'
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listDirTyped, statPath, TypedList } from '../../src/fs/fs-view.js'
import { makeTempDir, removeTempDir } from '../support/temp-tree.js'

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

async function listed(dir: string): Promise<TypedList> {
  const typed = await listDirTyped(dir)
  if ('error' in typed) throw new Error(typed.error)
  return typed
}

const typeOfStat = async (path: string) => {
  const info = await statPath(path)
  return 'error' in info ? undefined : { isFile: info.isFile, isDirectory: info.isDirectory }
}

describe('TypedList', () => {
  it('types each entry that is no symlink as stat finds it, and leaves symlinks and unlisted names to stat', async () => {
    await writeFile(join(root, 'file.md'), 'x')
    await mkdir(join(root, 'folder'))
    execFileSync('mkfifo', [join(root, 'fifo')])
    await symlink(join(root, 'folder'), join(root, 'link-to-folder'))
    await symlink(join(root, 'gone'), join(root, 'dangling'))
    const list = await listed(root)
    expect([...list.names].sort()).toEqual(['dangling', 'fifo', 'file.md', 'folder', 'link-to-folder'])
    for (const name of ['file.md', 'folder', 'fifo']) {
      expect(list.isPlain(name)).toBe(true)
      expect(list.plainType(name)).toEqual(await typeOfStat(join(root, name)))
    }
    for (const name of ['link-to-folder', 'dangling']) {
      expect(list.has(name)).toBe(true)
      expect(list.isPlain(name)).toBe(false)
      expect(list.plainType(name)).toBeUndefined()
    }
    expect(list.has('missing')).toBe(false)
    expect(list.isPlain('missing')).toBe(false)
    expect(list.plainType('missing')).toBeUndefined()
  })

  it('answers the same for a long listing (looked up through an index) as for a short one', async () => {
    const names = Array.from({ length: 100 }, (_, i) => `n-${i}`)
    const kinds = names.map((_, i) => (i % 3 === 0 ? 'd' : i % 3 === 1 ? 'f' : 'l')).join('')
    const long = new TypedList(names, kinds)
    for (const [i, name] of names.entries()) {
      const short = new TypedList([name], kinds[i]!)
      expect([long.has(name), long.isPlain(name), long.plainType(name)]).toEqual([short.has(name), short.isPlain(name), short.plainType(name)])
    }
    expect(long.has('n-100')).toBe(false)
    expect(long.plainType('n-3')).toEqual({ isFile: false, isDirectory: true })
    expect(long.plainType('n-4')).toEqual({ isFile: true, isDirectory: false })
  })
})
