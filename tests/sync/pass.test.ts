/**
 * One pass over a catalogue that fails part way (E21.2, E21.3): a skill that cannot be read now is
 * reported, its folder kept as it is in every target (it has not left the catalogue), and the pass
 * says so with failed > 0 (exit 1); the filter a view will pass (E20) selects skills by id.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { digestOf } from '../../src/core/index.js'
import { syncPass, Temporaries, type Catalogue, type CatalogueSkill } from '../../src/sync/index.js'
import { mtimesOf, removeTree, runSync, tempDir } from './support.js'

const skillMd = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill. Use when asked.\n---\nBody of ${name}.\n`

/** A catalogue of folder skills held in memory; `broken` ids fail to list their files. */
function memoryCatalogue(names: string[], broken: Set<string>): Catalogue {
  return {
    async skills(only) {
      return names.filter((id) => only === undefined || only(id)).map((id): CatalogueSkill => ({ id, kind: 'folder', text: skillMd(id) }))
    },
    async folderFiles(skill) {
      if (broken.has(skill.id)) throw new Error('boom')
      return [{ path: 'SKILL.md', digest: digestOf(Buffer.from(skill.text)) }]
    },
    async readFile(skill) {
      return Buffer.from(skill.text)
    },
    async body() {
      return ''
    },
    onChange: () => () => undefined,
    async close() {},
  }
}

let dir: string
beforeEach(async () => { dir = await tempDir() })
afterEach(async () => { await removeTree(dir) })

const pass = (catalogue: Catalogue, only?: (id: string) => boolean) => syncPass(catalogue, { targets: [dir], dryRun: false, ...(only === undefined ? {} : { only }) }, { temps: new Temporaries(), stopped: () => false })

describe('a pass whose catalogue fails part way', () => {
  it('keeps the folder of a skill it cannot read now, and fails', async () => {
    expect((await pass(memoryCatalogue(['alpha', 'beta'], new Set()))).written).toBe(2)
    const before = await mtimesOf(dir)
    const report = await pass(memoryCatalogue(['alpha', 'beta'], new Set(['beta'])))
    expect(report).toMatchObject({ written: 0, removed: 0, unchanged: 1, failed: 1, err: ['failed beta: boom'] })
    expect(await mtimesOf(dir)).toEqual(before)
  })

  it('does not write the folder of a skill it cannot read, even where the folder is gone', async () => {
    await pass(memoryCatalogue(['alpha', 'beta'], new Set()))
    await rm(join(dir, 'beta'), { recursive: true })
    const report = await pass(memoryCatalogue(['alpha', 'beta'], new Set(['beta'])))
    expect(report).toMatchObject({ written: 0, failed: 1 })
    expect((await readdir(dir)).sort()).toEqual(['.iii-skills-sync.json', 'alpha'])
  })

  it('takes only the skills a filter over ids accepts (what a view will pass, E20)', async () => {
    const report = await pass(memoryCatalogue(['alpha', 'beta', 'gamma'], new Set()), (id) => id !== 'beta')
    expect(report.written).toBe(2)
    expect((await readdir(dir)).sort()).toEqual(['.iii-skills-sync.json', 'alpha', 'gamma'])
  })
})

describe('large files (E21.1)', () => {
  it('copies a file larger than what the Skills Extension serves (8 MiB)', async () => {
    const src = join(dir, 'src/big')
    await mkdir(src, { recursive: true })
    await writeFile(join(src, 'SKILL.md'), skillMd('big'))
    const large = Buffer.alloc(9 * 1024 * 1024, 7)
    await writeFile(join(src, 'data.bin'), large)
    const run = await runSync(['--skills-dir', join(dir, 'src'), '--to', join(dir, 'out')], dir)
    expect([run.code, run.err]).toEqual([0, ''])
    expect((await readFile(join(dir, 'out/big/data.bin'))).equals(large)).toBe(true)
  })
})
