import { mkdir, readFile, rename, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { StatResult } from '../../src/fs/fs-view.js'
import { nodeWatchFactory, type PathWatch, type WatchFactory } from '../../src/fs/watch-factory.js'
import { WatchedView } from '../../src/fs/watched-view.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { FS_LIMITS } from '../../src/core/limits.js'

let root: string
let elsewhere: string
let views: WatchedView[]
beforeEach(async () => {
  root = await makeTempDir()
  elsewhere = await makeTempDir()
  views = []
})
afterEach(async () => {
  for (const view of views) view.close()
  await removeTempDir(root)
  await removeTempDir(elsewhere)
})

/** What a call does first: one turn to the check phase, after which every queued watch event was handled. */
const checkPhase = () => new Promise<void>((resolve) => setImmediate(resolve))

interface Recorder {
  factory: WatchFactory
  opened: string[]
  closed: string[]
  live(): string[]
}

function recordingFactory(inner: WatchFactory = nodeWatchFactory()): Recorder {
  const opened: string[] = []
  const closed: string[] = []
  const open = new Map<string, number>()
  const factory: WatchFactory = async (path, listener) => {
    const handle = await inner(path, listener)
    opened.push(path)
    open.set(path, (open.get(path) ?? 0) + 1)
    return {
      close: () => {
        closed.push(path)
        open.set(path, (open.get(path) ?? 1) - 1)
        handle.close()
      },
    } satisfies PathWatch
  }
  return { factory, opened, closed, live: () => [...open].filter(([, n]) => n > 0).map(([p]) => p).sort() }
}

function newView(factory: WatchFactory = nodeWatchFactory()) {
  const unavailable: string[] = []
  const view = new WatchedView({ limits: FS_LIMITS, watch: factory, onUnavailable: (reason) => unavailable.push(reason), onChange: () => {} })
  views.push(view)
  return { view, unavailable }
}

/** A remembered file read that counts how often the file was really read. */
function reader(view: WatchedView) {
  const reads = new Map<string, number>()
  return {
    reads,
    text: (path: string) => view.remember(path, 'text', async () => {
      reads.set(path, (reads.get(path) ?? 0) + 1)
      return readFile(path, 'utf8')
    }),
  }
}

const isFile = (info: StatResult) => !('error' in info) && info.isFile

describe('WatchedView', () => {
  it('answers from memory until a watch event names the path, and re-reads only that path', async () => {
    await writeTree(root, { 'd/a.md': 'aaaa', 'd/b.md': 'bbbb' })
    const { view } = newView()
    const files = reader(view)
    expect(await view.list(join(root, 'd'))).toEqual(expect.arrayContaining(['a.md', 'b.md']))
    expect(await files.text(join(root, 'd/a.md'))).toBe('aaaa')
    expect(await files.text(join(root, 'd/b.md'))).toBe('bbbb')
    const epoch = view.epoch
    await checkPhase()
    expect(view.epoch).toBe(epoch)

    await writeFile(join(root, 'd/a.md'), 'AAAA')
    await checkPhase()
    expect(view.epoch).toBeGreaterThan(epoch)
    expect(await files.text(join(root, 'd/a.md'))).toBe('AAAA')
    expect(await files.text(join(root, 'd/b.md'))).toBe('bbbb')
    expect(Object.fromEntries(files.reads)).toEqual({ [join(root, 'd/a.md')]: 2, [join(root, 'd/b.md')]: 1 })
  })

  it('sees an edit that keeps the size and the mtime (so no stat could tell)', async () => {
    const path = join(root, 'd/a.md')
    await writeTree(root, { 'd/a.md': 'one1' })
    const { mtime } = await stat(path)
    const { view } = newView()
    const files = reader(view)
    expect(await files.text(path)).toBe('one1')
    for (const text of ['two2', 'one1', 'thr3']) {
      await writeFile(path, text)
      await utimes(path, mtime, mtime)
      await checkPhase()
      expect(await files.text(path)).toBe(text)
    }
  })

  it('watches a new folder before reading it, so a file created meanwhile is listed and later ones seen', async () => {
    await writeTree(root, { 'd/a.md': 'a' })
    const sub = join(root, 'd/sub')
    const inner = nodeWatchFactory()
    // A file appears right after the folder's watch is set and before the folder is read.
    const factory: WatchFactory = async (path, listener) => {
      const handle = await inner(path, listener)
      if (path === sub) await writeFile(join(sub, 'early.md'), 'e')
      return handle
    }
    const { view } = newView(factory)
    expect(await view.list(join(root, 'd'))).toEqual(['a.md'])
    await mkdir(sub)
    await checkPhase()
    expect(((await view.list(join(root, 'd'))) as string[]).sort()).toEqual(['a.md', 'sub'])
    expect(await view.list(sub)).toEqual(['early.md'])
    await writeFile(join(sub, 'late.md'), 'l')
    await checkPhase()
    expect(((await view.list(sub)) as string[]).sort()).toEqual(['early.md', 'late.md'])
  })

  it('drops a renamed folder\'s subtree and closes its watches; the new name is read afresh', async () => {
    await writeTree(root, { 'd/sub/x.md': 'x', 'd/sub/deep/y.md': 'y' })
    const recorder = recordingFactory()
    const { view } = newView(recorder.factory)
    expect(await view.list(join(root, 'd/sub'))).toHaveLength(2)
    expect(await view.list(join(root, 'd/sub/deep'))).toEqual(['y.md'])
    // Parents are watched too: the walk stats each folder before it lists it.
    expect(isFile(await view.stat(join(root, 'd/sub/deep/y.md')))).toBe(true)
    expect(recorder.live()).toEqual([join(root, 'd'), join(root, 'd/sub'), join(root, 'd/sub/deep')])
    expect(recorder.closed).toEqual([])

    await rename(join(root, 'd/sub'), join(root, 'd/moved'))
    await checkPhase()
    expect(recorder.live()).toEqual([join(root, 'd')])
    expect(await view.stat(join(root, 'd/sub/deep/y.md'))).toEqual({ error: 'No such file or directory (os error 2)' })
    expect(await view.list(join(root, 'd/sub'))).toEqual({ error: 'No such file or directory (os error 2)' })
    expect(isFile(await view.stat(join(root, 'd/moved/deep/y.md')))).toBe(true)
  })

  it('watches a folder deleted and created again at the same path anew', async () => {
    await writeTree(root, { 'd/sub/x.md': 'x' })
    const { view } = newView()
    const files = reader(view)
    expect(await view.list(join(root, 'd/sub'))).toEqual(['x.md'])
    await rm(join(root, 'd/sub'), { recursive: true })
    await checkPhase()
    expect(await view.list(join(root, 'd/sub'))).toEqual({ error: 'No such file or directory (os error 2)' })
    await writeTree(root, { 'd/sub/y.md': 'y' })
    await checkPhase()
    expect(await view.list(join(root, 'd/sub'))).toEqual(['y.md'])
    expect(await files.text(join(root, 'd/sub/y.md'))).toBe('y')
    await writeFile(join(root, 'd/sub/y.md'), 'Y')
    await writeFile(join(root, 'd/sub/z.md'), 'z')
    await checkPhase()
    expect(((await view.list(join(root, 'd/sub'))) as string[]).sort()).toEqual(['y.md', 'z.md'])
    expect(await files.text(join(root, 'd/sub/y.md'))).toBe('Y')
  })

  it('follows a symlinked file: an edit of its target elsewhere and a retarget are both seen', async () => {
    await writeTree(elsewhere, { 'one.md': 'one1', 'two.md': 'two2' })
    await writeTree(root, { 'd/plain.md': 'p' })
    const link = join(root, 'd/link.md')
    await symlink(join(elsewhere, 'one.md'), link)
    const { view } = newView()
    const files = reader(view)
    expect(await view.list(join(root, 'd'))).toHaveLength(2)
    expect(await files.text(link)).toBe('one1')
    await writeFile(join(elsewhere, 'one.md'), 'ONE1')
    await checkPhase()
    expect(await files.text(link)).toBe('ONE1')
    await symlink(join(elsewhere, 'two.md'), join(root, 'd/tmp-link'))
    await rename(join(root, 'd/tmp-link'), link)
    await checkPhase()
    expect(await files.text(link)).toBe('two2')
  })

  it('re-checks symlinks on validate(), so a retarget no watch can see (a link two hops away) is caught', async () => {
    await writeTree(elsewhere, { 'one.md': 'one1', 'two.md': 'two2' })
    await symlink(join(elsewhere, 'one.md'), join(elsewhere, 'hop.md'))
    await mkdir(join(root, 'd'))
    const link = join(root, 'd/link.md')
    await symlink(join(elsewhere, 'hop.md'), link)
    const { view } = newView()
    const files = reader(view)
    expect(await files.text(link)).toBe('one1')
    await rm(join(elsewhere, 'hop.md'))
    await symlink(join(elsewhere, 'two.md'), join(elsewhere, 'hop.md'))
    await checkPhase()
    await view.validate()
    expect(await files.text(link)).toBe('two2')
  })

  it('reports a failure that is not about one path once, drops everything, and stops watching', async () => {
    await writeTree(root, { 'd/a.md': 'a' })
    let calls = 0
    const failing: WatchFactory = async () => {
      calls++
      throw Object.assign(new Error('ENOSPC: System limit for number of file watchers reached, watch'), { code: 'ENOSPC' })
    }
    const { view, unavailable } = newView(failing)
    await view.list(join(root, 'd'))
    await view.stat(join(root, 'd/a.md'))
    expect(unavailable).toEqual(['ENOSPC: System limit for number of file watchers reached, watch'])
    expect(view.failed).toBe('ENOSPC: System limit for number of file watchers reached, watch')
    expect(calls).toBe(1)
  })

  it('re-checks paths in a folder it may not watch (EACCES) on validate()', async () => {
    await writeTree(root, { 'locked/a.md': 'aaaa' })
    const inner = nodeWatchFactory()
    const factory: WatchFactory = async (path, listener) => {
      if (path === join(root, 'locked')) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })
      return inner(path, listener)
    }
    const { view, unavailable } = newView(factory)
    const files = reader(view)
    const path = join(root, 'locked/a.md')
    expect(await files.text(path)).toBe('aaaa')
    // The file itself is watched instead: a same-size edit shows at once.
    await writeFile(path, 'bbbb')
    await checkPhase()
    expect(await files.text(path)).toBe('bbbb')
    expect(unavailable).toEqual([])
  })

  it('forgets everything after a burst of events that may have overflowed the kernel queue', async () => {
    await writeTree(root, { 'd/kept.md': 'kept' })
    const lost: string[] = []
    const view = new WatchedView({ limits: FS_LIMITS, watch: nodeWatchFactory(), onUnavailable: () => {}, onChange: () => {}, onEventsLost: () => lost.push('lost'), queueLimit: 8 })
    views.push(view)
    const files = reader(view)
    expect(await files.text(join(root, 'd/kept.md'))).toBe('kept')
    // Written synchronously: every event is queued before the loop reads any of them.
    for (let i = 0; i < 10; i++) writeFileSync(join(root, `d/burst-${i}.md`), 'x')
    await sleep(20)
    expect(lost).toEqual(['lost'])
    // kept.md did not change, but nothing known can be trusted after lost events: it is read again.
    expect(await files.text(join(root, 'd/kept.md'))).toBe('kept')
    expect(files.reads.get(join(root, 'd/kept.md'))).toBe(2)
    // A handful of events is no burst.
    writeFileSync(join(root, 'd/kept.md'), 'KEPT')
    await sleep(20)
    expect(lost).toEqual(['lost'])
    expect(await files.text(join(root, 'd/kept.md'))).toBe('KEPT')
  })

  it('drops nothing and keeps its epoch for events about paths it never read', async () => {
    await writeTree(root, { 'd/a.md': 'a' })
    const { view } = newView()
    await view.stat(join(root, 'd/a.md'))
    const epoch = view.epoch
    await writeFile(join(root, 'd/unrelated.txt'), 'x')
    await checkPhase()
    expect(view.epoch).toBe(epoch)
  })
})
