/**
 * E3 under concurrent writers, re-proved for the E19.2 walk (one pass over a skill root, folders
 * listed on this thread a slice at a time): while a writer adds and removes skill folders, top-level
 * and nested, every call's snapshot holds each folder whose SKILL.md was complete before the call
 * began and none removed before it; and a quiet index answers exactly what a scan of the disk finds.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FS_LIMITS } from '../../src/core/limits.js'
import { scanFs } from '../../src/fs/boot-diagnostics.js'
import { FsSources } from '../../src/fs/sources.js'
import { captureLogger, makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'

let root: string
beforeEach(async () => {
  root = await makeTempDir()
  const files: Record<string, string> = {}
  for (let i = 0; i < 200; i++) {
    files[`s-${i}/SKILL.md`] = `---\nname: s-${i}\ndescription: Skill ${i}.\n---\nbody\n`
    files[`s-${i}/references/guide.md`] = 'guide\n'
  }
  await writeTree(root, files)
})
afterEach(async () => {
  await removeTempDir(root)
})

const skillMd = (name: string) => `---\nname: ${name}\ndescription: Written ${name}.\n---\nbody\n`

/** A folder made complete elsewhere, then renamed into place: it appears whole or not at all. */
async function add(folder: string): Promise<void> {
  const staging = join(root, '..', `${folder.replace(/\//g, '_')}-${process.pid}-staging`)
  await mkdir(staging, { recursive: true })
  await writeFile(join(staging, 'SKILL.md'), skillMd(folder.split('/').pop() as string))
  await mkdir(join(root, folder, '..'), { recursive: true })
  await rename(staging, join(root, folder))
}

describe('the skill-root walk under concurrent writers (E3, E19.2)', () => {
  it('never misses a folder completed before the call, nor serves one removed before it', async () => {
    const config = { skills: [], prompts: [], skill_roots: [root] }
    const sources = new FsSources(config, root, captureLogger().log, { limits: FS_LIMITS })
    sources.onChange(() => undefined)
    const added = new Set<string>()
    const removed = new Set<string>()
    let writing = true
    const writer = (async () => {
      for (let i = 0; writing && i < 400; i++) {
        const folder = i % 3 === 0 ? `s-${i % 200}/nested-${i}` : `w-${i}`
        await add(folder)
        added.add(folder)
        if (i % 4 === 1) {
          // Not expected either way while it is being removed: only once the removal is complete.
          const gone = `w-${i}`
          added.delete(gone)
          await rm(join(root, gone), { recursive: true, force: true })
          removed.add(gone)
        }
      }
    })()
    try {
      for (let call = 0; call < 25; call++) {
        const before = { added: new Set(added), removed: new Set(removed) }
        const ids = new Set((await sources.snapshot()).skills.map((s) => s.id))
        for (const folder of before.added) expect(ids.has(folder), `${folder} was complete before the call`).toBe(true)
        for (const folder of before.removed) expect(ids.has(folder), `${folder} was removed before the call`).toBe(false)
      }
    } finally {
      writing = false
      await writer
    }
    const full = await scanFs(config, root, captureLogger().log)
    const quiet = await sources.snapshot()
    expect(quiet.skills.map((s) => s.id)).toEqual(full.skills.skills.map((s) => s.id))
    sources.close()
  })
})
