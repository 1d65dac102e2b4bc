/**
 * The watched view answers `type` and `exists` of a listed entry from its folder's listing (no
 * `stat` or `lstat`, nothing kept per entry): the same answers the disk gives, kept current by the
 * folder's watch.
 */
import { execFileSync } from 'node:child_process'
import { mkdir, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { directView, type PathType, type StatResult } from '../../src/fs/fs-view.js'
import { nodeWatchFactory } from '../../src/fs/watch-factory.js'
import { WatchedView } from '../../src/fs/watched-view.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { retainedBytes } from './retained-heap.js'
import { FS_LIMITS } from '../../src/core/limits.js'

let root: string
let view: WatchedView
beforeEach(async () => {
  root = await makeTempDir()
  view = new WatchedView({ limits: FS_LIMITS, watch: nodeWatchFactory(), onUnavailable: () => {}, onChange: () => {} })
})
afterEach(async () => {
  view.close()
  await removeTempDir(root)
})

const checkPhase = () => new Promise<void>((resolve) => setImmediate(resolve))

const typeOnly = (info: PathType | StatResult) => ('error' in info ? info : { isFile: info.isFile, isDirectory: info.isDirectory })

async function expectSameAsDisk(paths: string[]): Promise<void> {
  for (const path of paths) {
    expect([path, typeOnly(await view.type(path))]).toEqual([path, typeOnly(await directView.stat(path))])
    expect([path, await view.exists(path)]).toEqual([path, await directView.exists(path)])
  }
}

it('types and finds every kind of entry as stat and lstat do', async () => {
  await writeTree(root, { 'd/file.md': 'x', 'd/folder/inner.md': 'y' })
  execFileSync('mkfifo', [join(root, 'd/fifo')])
  await symlink(join(root, 'd/folder'), join(root, 'd/link-to-folder'))
  await symlink(join(root, 'd/file.md'), join(root, 'd/link-to-file'))
  await symlink(join(root, 'd/gone'), join(root, 'd/dangling'))
  await view.list(join(root, 'd')) // as a walk lists it
  const names = ['file.md', 'folder', 'fifo', 'link-to-folder', 'link-to-file', 'dangling', 'missing', 'folder/inner.md', 'folder/none', '', '.', '..']
  await expectSameAsDisk(names.map((name) => join(root, 'd', name)).concat([`${root}/d/`, `${root}/d/./file.md`, `${root}/d/\uD800`]))
})

it('follows changes: an entry created, deleted, or replaced by a folder', async () => {
  await writeTree(root, { 'd/a.md': 'a' })
  const paths = ['a.md', 'b.md', 'c'].map((name) => join(root, 'd', name))
  await view.list(join(root, 'd'))
  await expectSameAsDisk(paths)
  await writeFile(join(root, 'd/b.md'), 'b')
  await rm(join(root, 'd/a.md'))
  await mkdir(join(root, 'd/c'))
  await checkPhase()
  await view.list(join(root, 'd'))
  await expectSameAsDisk(paths)
  await rm(join(root, 'd/c'), { recursive: true })
  await writeFile(join(root, 'd/c-file'), 'c')
  await rename(join(root, 'd/c-file'), join(root, 'd/c'))
  await checkPhase()
  await view.list(join(root, 'd'))
  await expectSameAsDisk(paths)
})

it('keeps nothing per entry it types from a listing', async () => {
  const names = Array.from({ length: 2_000 }, (_, i) => `skill-${i}`)
  await writeTree(root, Object.fromEntries(names.map((name) => [`d/${name}.md`, 'x'])))
  await view.list(join(root, 'd'))
  await view.type(join(root, 'd/skill-0.md')) // the listing's one look-up
  const retained = await retainedBytes(() => Promise.all(names.map((name) => view.type(join(root, 'd', `${name}.md`)))))
  // A stat kept per entry is some 400 bytes; the answers themselves are shared.
  expect(retained).toBeLessThan(names.length * 50)
})

it('lists no folder outside what a walk lists: a glob root is stat\'ed, and files created beside it drop nothing', async () => {
  await writeTree(root, { 'skills/a/SKILL.md': 'a' })
  const skills = join(root, 'skills')
  expect(typeOnly(await view.type(skills))).toEqual({ isFile: false, isDirectory: true })
  expect(await view.exists(join(skills, 'SKILL.md'))).toBe(false)
  // The walk lists the root, then types and finds what is inside it from listings.
  await view.list(skills)
  expect(typeOnly(await view.type(join(skills, 'a')))).toEqual({ isFile: false, isDirectory: true })
  expect(await view.exists(join(skills, 'a/SKILL.md'))).toBe(true)
  const epoch = view.epoch
  await writeFile(join(root, 'unrelated.txt'), 'x')
  await checkPhase()
  expect(view.epoch).toBe(epoch)
  await writeFile(join(skills, 'a/new.md'), 'x')
  await checkPhase()
  expect(view.epoch).toBeGreaterThan(epoch)
})
