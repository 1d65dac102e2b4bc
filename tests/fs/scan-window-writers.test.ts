/**
 * E3 for changes made while the first scan runs (E19): a skill folder is watched before it is read,
 * so a change made after the walk has read a folder (an edited SKILL.md, a folder removed, a folder
 * added to a listing already read, a nested skill added inside one) is seen by every call that
 * arrives once the scan has finished; and calls that arrive while it runs get the whole catalogue.
 * The changes are made from inside the scan (when it asks for the watch of a later folder: one late in
 * the walk of the skill root, and the prompts folder, walked once every skill has been read), so they
 * fall between the read of the folders and files they touch and the end of the scan.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FS_LIMITS } from '../../src/core/limits.js'
import { scanFs } from '../../src/fs/boot-diagnostics.js'
import type { FsSnapshot } from '../../src/fs/fs-snapshot.js'
import { FsSources } from '../../src/fs/sources.js'
import { nodeWatchFactory, type WatchFactory } from '../../src/fs/watch-factory.js'
import { captureLogger, makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'

const SKILLS = 200
const name = (i: number) => `s-${String(i).padStart(3, '0')}`
const skillMd = (id: string, description: string) => `---\nname: ${id.split('/').pop()}\ndescription: ${description}\n---\nbody\n`

let root: string
let staging: string
let prompts: string
beforeEach(async () => {
  root = await makeTempDir()
  staging = await makeTempDir()
  prompts = await makeTempDir()
  await writeTree(prompts, { 'p.md': '---\ndescription: A prompt.\n---\nHello\n' })
  const files: Record<string, string> = {}
  for (let i = 0; i < SKILLS; i++) {
    files[`${name(i)}/SKILL.md`] = skillMd(name(i), `Skill ${i}.`)
    files[`${name(i)}/references/guide.md`] = 'guide\n'
  }
  await writeTree(root, files)
})
afterEach(async () => {
  await removeTempDir(root)
  await removeTempDir(staging)
  await removeTempDir(prompts)
})

const CONFIG = () => ({ skills: [], prompts: [`${prompts}/*.md`], skill_roots: [root] })

/** Sources over `root` (and the prompts) whose scan runs each hook once, when it asks for the watch of its path (awaited there). */
function sourcesWith(hooks: Map<string, () => Promise<void>>): FsSources {
  const inner = nodeWatchFactory()
  const watch: WatchFactory = async (path, listener, within) => {
    const hook = hooks.get(path)
    hooks.delete(path)
    await hook?.()
    return inner(path, listener, within)
  }
  return new FsSources(CONFIG(), root, captureLogger().log, { limits: FS_LIMITS, watch })
}

/** A folder made complete elsewhere, then renamed into place. */
async function addFolder(path: string, id: string): Promise<void> {
  const made = join(staging, id.replace(/\//g, '_'))
  await mkdir(made, { recursive: true })
  await writeFile(join(made, 'SKILL.md'), skillMd(id, `Added ${id}.`))
  await rename(made, path)
}

const ids = (snapshot: FsSnapshot) => snapshot.skills.map((s) => s.id)

/** Waits until `done()` (the hooks have all run), a few seconds at most. */
async function until(done: () => boolean): Promise<void> {
  for (let tries = 0; !done() && tries < 500; tries++) await sleep(10)
  expect(done()).toBe(true)
}

async function diskScan(): Promise<string[]> {
  const full = await scanFs(CONFIG(), root, captureLogger().log)
  return full.skills.skills.map((s) => s.id)
}

describe('changes made while the first scan runs (E3, E19)', () => {
  it('are seen by every call that arrives after the scan, whatever folder they touch', async () => {
    const changes = async (n: number, tag: string) => {
      await writeFile(join(root, name(n), 'SKILL.md'), skillMd(name(n), `Edited ${tag}.`))
      await rm(join(root, name(n + 1)), { recursive: true })
      await addFolder(join(root, `w-${tag}`), `w-${tag}`)
      await addFolder(join(root, name(n + 2), 'references', 'nested'), `${name(n + 2)}/references/nested`)
    }
    const hooks = new Map([
      // Late in the walk: the folders touched were listed, their SKILL.md not read yet.
      [join(root, name(150)), () => changes(5, 'walked')],
      // After every skill was read: SKILL.md files read, folders listed.
      [prompts, () => changes(10, 'read')],
      // When the folder itself is to be watched: a scan that read it before watching it would miss these.
      [join(root, name(30)), async () => {
        await writeFile(join(root, name(30), 'SKILL.md'), skillMd(name(30), 'Edited watched.'))
        await addFolder(join(root, name(30), 'extra'), `${name(30)}/extra`)
      }],
    ])
    const sources = sourcesWith(hooks)
    // The first call starts the scan; the changes are made (and completed) while it runs.
    const first = await sources.snapshot()
    await until(() => hooks.size === 0)
    // Those made after the skills were read are not in the scan's own answer (it read the files before).
    expect(first.findSkill(name(10))?.description).toBe('Skill 10.')
    for (let call = 0; call < 3; call++) {
      const after = await sources.snapshot()
      for (const [n, tag] of [[5, 'walked'], [10, 'read']] as const) {
        expect(after.findSkill(name(n))?.description).toBe(`Edited ${tag}.`)
        expect(after.findSkill(name(n + 1))).toBeUndefined()
        expect(after.findSkill(`w-${tag}`)).toBeDefined()
        expect(after.findSkill(`${name(n + 2)}/references/nested`)).toBeDefined()
      }
      expect(after.findSkill(name(30))?.description).toBe('Edited watched.')
      expect(after.findSkill(`${name(30)}/extra`)).toBeDefined()
      expect(ids(after)).toEqual(await diskScan())
    }
    sources.close()
  })

  it('answers every call that arrives during the scan with the whole catalogue', async () => {
    const during: Array<Promise<FsSnapshot>> = []
    let sources: FsSources | undefined
    sources = sourcesWith(new Map([[join(root, name(100)), async () => {
      during.push(sources!.snapshot(), sources!.snapshot())
    }]]))
    const first = await sources.snapshot()
    await until(() => during.length === 2)
    const expected = await diskScan()
    expect(expected).toHaveLength(SKILLS)
    expect(ids(first)).toEqual(expected)
    for (const snapshot of await Promise.all(during)) expect(ids(snapshot)).toEqual(expected)
    sources.close()
  })
})
