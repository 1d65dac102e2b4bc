import { mkdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FsSources, type FsChange } from '../../src/fs/sources.js'
import { nodeWatchFactory, type WatchFactory } from '../../src/fs/watch-factory.js'
import { captureLogger, LEVEL, makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { FS_LIMITS } from '../../src/core/limits.js'

let root: string
let sources: FsSources[]
beforeEach(async () => {
  root = await makeTempDir()
  sources = []
})
afterEach(async () => {
  for (const source of sources) source.close()
  await removeTempDir(root)
})

const config = { skills: ['skills/**/*.md'], prompts: ['prompts/*.md'] }
const prompt = (description: string) => `---\ndescription: ${description}\n---\nBody.\n`

function open(options: Partial<ConstructorParameters<typeof FsSources>[3]> = {}) {
  const captured = captureLogger()
  const fs = new FsSources(config, root, captured.log, { limits: FS_LIMITS, announceDelayMs: 5, ...options })
  sources.push(fs)
  const batches: FsChange[][] = []
  fs.onChange((changes) => void batches.push(changes))
  return { fs, batches, captured }
}

/** Waits for the listener's batches to reach `count` changes in all (the watcher announces on its own). */
async function announced(batches: FsChange[][], count: number): Promise<FsChange[]> {
  const deadline = Date.now() + 3000
  while (batches.flat().length < count && Date.now() < deadline) await sleep(5)
  await sleep(60)
  return batches.flat()
}

describe('FsSources index (E3)', () => {
  it('hands out the same snapshot while nothing changed, and keeps unchanged entries across a change', async () => {
    await writeTree(root, { 'skills/a.md': '# A', 'skills/b.md': '# B', 'prompts/p.md': prompt('P') })
    const { fs } = open()
    const first = await fs.snapshot()
    expect(await fs.snapshot()).toBe(first)
    await writeFile(join(root, 'skills/b.md'), '# B2')
    const second = await fs.snapshot()
    expect(second).not.toBe(first)
    // a.md and p.md were not loaded again: their entries are the very same objects.
    expect(second.skills[0]).toBe(first.skills[0])
    expect(second.prompts[0]).toBe(first.prompts[0])
    expect(second.skills[1]).not.toBe(first.skills[1])
    expect(second.skills[1]?.title).toBe('B2')
  })

  it('reflects adds, same-size same-mtime edits, deletes and renames on the very next call', async () => {
    await writeTree(root, { 'skills/a.md': '# A1' })
    const { fs } = open()
    const titles = async () => (await fs.skills()).map((s) => `${s.id}=${s.title}`)
    expect(await titles()).toEqual(['a=A1'])
    const { mtime } = await stat(join(root, 'skills/a.md'))
    await writeFile(join(root, 'skills/a.md'), '# A2')
    await utimes(join(root, 'skills/a.md'), mtime, mtime)
    expect(await titles()).toEqual(['a=A2'])
    await writeTree(root, { 'skills/new/b.md': '# B' })
    expect(await titles()).toEqual(['a=A2', 'new/b=B'])
    await rename(join(root, 'skills/new'), join(root, 'skills/old'))
    expect(await titles()).toEqual(['a=A2', 'old/b=B'])
    await rm(join(root, 'skills/a.md'))
    expect(await titles()).toEqual(['old/b=B'])
    await rm(join(root, 'skills'), { recursive: true })
    expect(await titles()).toEqual([])
    await writeTree(root, { 'skills/c.md': '# C' })
    expect(await titles()).toEqual(['c=C'])
  })

  it('announces adds and content edits as register and removals as unregister, without any call', async () => {
    await writeTree(root, { 'skills/a.md': '# A', 'skills/gone.md': '# Gone', 'prompts/p.md': prompt('P') })
    const { fs, batches } = open()
    fs.start()
    await fs.settled()
    await writeTree(root, { 'skills/b.md': '# B', 'prompts/q.md': prompt('Q') })
    await writeFile(join(root, 'skills/a.md'), '# a')
    await rm(join(root, 'skills/gone.md'))
    await writeFile(join(root, 'prompts/p.md'), prompt('p'))
    expect(await announced(batches, 5)).toEqual(expect.arrayContaining([
      { kind: 'skill', op: 'register', key: 'a' },
      { kind: 'skill', op: 'register', key: 'b' },
      { kind: 'skill', op: 'unregister', key: 'gone' },
      { kind: 'prompt', op: 'register', key: 'p' },
      { kind: 'prompt', op: 'register', key: 'q' },
    ]))
    expect(batches.flat()).toHaveLength(5)
  })

  it('announces nothing for a touch, a rewrite with the same bytes, or an editor\'s temp files', async () => {
    await writeTree(root, { 'skills/a.md': '# A', 'prompts/p.md': prompt('P') })
    const { fs, batches } = open()
    fs.start()
    await fs.settled()
    const later = new Date(Date.now() + 60_000)
    await utimes(join(root, 'skills/a.md'), later, later)
    await writeFile(join(root, 'prompts/p.md'), prompt('P'))
    await writeFile(join(root, 'skills/.a.md.swp'), 'swap')
    await writeFile(join(root, 'skills/a.md~'), 'backup')
    await rm(join(root, 'skills/.a.md.swp'))
    await fs.settled()
    await sleep(100)
    expect(batches).toEqual([])
    // The touch still shows where it matters: the listing's date.
    expect((await fs.snapshot()).skills[0]?.registeredAt).toBe(later.toISOString().replace('Z', '+00:00'))
  })

  it('announces a rename as the old id going and the new one coming, in id order', async () => {
    await writeTree(root, { 'skills/m.md': '# M' })
    const { fs, batches } = open()
    fs.start()
    await fs.settled()
    await rename(join(root, 'skills/m.md'), join(root, 'skills/a.md'))
    await fs.settled()
    expect(batches).toEqual([[{ kind: 'skill', op: 'register', key: 'a' }, { kind: 'skill', op: 'unregister', key: 'm' }]])
  })

  it('falls back to reading on every call when watching is unavailable, logging it once', async () => {
    await writeTree(root, { 'skills/a.md': '# A1' })
    let attempts = 0
    const failing: WatchFactory = async () => {
      attempts++
      throw Object.assign(new Error('ENOSPC: System limit for number of file watchers reached, watch'), { code: 'ENOSPC' })
    }
    const { fs, batches, captured } = open({ watch: failing })
    const titles = async () => (await fs.skills()).map((s) => `${s.id}=${s.title}`)
    expect(await titles()).toEqual(['a=A1'])
    const { mtime } = await stat(join(root, 'skills/a.md'))
    for (const title of ['A2', 'A3', 'A1']) {
      await writeFile(join(root, 'skills/a.md'), `# ${title}`)
      await utimes(join(root, 'skills/a.md'), mtime, mtime)
      expect(await titles()).toEqual([`a=${title}`])
    }
    await writeTree(root, { 'skills/b.md': '# B' })
    expect(await titles()).toEqual(['a=A1', 'b=B'])
    expect(captured.lines()).toEqual([{
      level: LEVEL.warn,
      msg: 'fs watch unavailable; re-reading fs sources on every call',
      reason: 'ENOSPC: System limit for number of file watchers reached, watch',
    }])
    expect(attempts).toBe(1)
    expect(batches).toEqual([])
    // Kept for MCP clients too (E6.7: skills::fs-watch-problems).
    expect(fs.watchProblems).toEqual(['fs watch unavailable; re-reading fs sources on every call: ENOSPC: System limit for number of file watchers reached, watch'])
  })

  it('names the platform when it is not Linux, and then reads on every call', async () => {
    await writeTree(root, { 'skills/a.md': '# A' })
    const { fs, captured } = open({ watch: nodeWatchFactory('darwin') })
    expect((await fs.skills()).map((s) => s.id)).toEqual(['a'])
    await writeTree(root, { 'skills/b.md': '# B' })
    expect((await fs.skills()).map((s) => s.id)).toEqual(['a', 'b'])
    expect(captured.lines()).toEqual([{
      level: LEVEL.warn,
      msg: 'fs watch unavailable; re-reading fs sources on every call',
      reason: 'file events are trusted only on Linux (inotify), not on darwin',
    }])
  })

  it('watches nothing when the index is off (cache.enabled: false), and still reflects every change', async () => {
    await writeTree(root, { 'skills/a.md': '# A' })
    let attempts = 0
    const counting: WatchFactory = async (path, listener) => {
      attempts++
      return nodeWatchFactory()(path, listener)
    }
    const { fs, captured } = open({ index: false, watch: counting })
    expect((await fs.skills()).map((s) => s.title)).toEqual(['A'])
    await writeFile(join(root, 'skills/a.md'), '# B')
    expect((await fs.skills()).map((s) => s.title)).toEqual(['B'])
    expect(attempts).toBe(0)
    expect(captured.lines()).toEqual([])
  })

  it('sets watches only where the globs lead (folders walked, their parents), not over the whole base dir', async () => {
    await writeTree(root, { 'skills/x/a.md': '# A', 'unrelated/deep/b.md': '# B', 'prompts/p.md': prompt('P') })
    const watched: string[] = []
    const recording: WatchFactory = async (path, listener) => {
      watched.push(path)
      return nodeWatchFactory()(path, listener)
    }
    const { fs } = open({ watch: recording })
    await fs.snapshot()
    expect(watched.filter((p) => p.startsWith(root)).sort()).toEqual([root, join(root, 'prompts'), join(root, 'skills'), join(root, 'skills/x')])
    await mkdir(join(root, 'skills/y'))
    await writeFile(join(root, 'skills/y/c.md'), '# C')
    expect((await fs.skills()).map((s) => s.id)).toEqual(['x/a', 'y/c'])
    expect(watched).toContain(join(root, 'skills/y'))
  })
})
