/**
 * E21.5 on all of shared/corpora (1,485 real skills, read in place, written to a temp dir): every
 * folder sync writes passes the Agent Skills reference validator, every folder skill it writes is a
 * byte-for-byte copy of its source, and what it leaves out is each said with a reason.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CORPORA_ROOT_ARGS } from '../support/corpora.js'
import { MANIFEST_FILE } from '../../src/sync/index.js'
import { filesOf, invalidFolders, removeTree, runSync, tempDir, type SyncRun } from './support.js'

let root: string
let run: SyncRun

beforeAll(async () => {
  root = await tempDir()
  run = await runSync([...CORPORA_ROOT_ARGS, '--to', join(root, 'out')], root)
}, 120_000)

afterAll(async () => {
  await removeTree(root)
})

describe('sync over shared/corpora (E21.5)', () => {
  it('writes only folders skills-ref accepts, and says why it left each other skill out', async () => {
    expect(run.code).toBe(0)
    const folders = (await readdir(join(root, 'out'))).filter((name) => name !== MANIFEST_FILE)
    const summary = /^(\d+) written, 0 removed, 0 unchanged$/m.exec(run.out)
    expect(Number(summary?.[1])).toBe(folders.length)
    expect(folders.length).toBeGreaterThan(500)
    expect(await invalidFolders(join(root, 'out'))).toEqual([])
    const lines = run.err.split('\n').filter((line) => line !== '')
    expect(lines.filter((line) => !line.startsWith('skipped '))).toEqual([])
    expect(lines.length).toBeGreaterThan(800)
  }, 120_000)

  it('copies folders byte for byte from their source folders (every 10th by name)', async () => {
    const manifest = JSON.parse(await readFile(join(root, 'out', MANIFEST_FILE), 'utf8')) as { folders: Record<string, { id: string; files: Record<string, string> }> }
    const roots = CORPORA_ROOT_ARGS.filter((_, i) => i % 2 === 1)
    // An id is its folder's path below a root, except where E13.3 mapped a folder name: those are left out here.
    const sourceOf = (id: string) => roots.map((r) => join(r, id)).find((dir) => existsSync(join(dir, 'SKILL.md')))
    const sample = Object.keys(manifest.folders).sort().filter((_, i) => i % 10 === 0).filter((f) => sourceOf(manifest.folders[f]!.id) !== undefined)
    expect(sample.length).toBeGreaterThan(30)
    for (const folder of sample) {
      const { id, files } = manifest.folders[folder]!
      const source = sourceOf(id) as string
      const written = await filesOf(join(root, 'out', folder))
      expect([...written.keys()].sort()).toEqual(Object.keys(files).sort())
      const original = await filesOf(source)
      for (const [path, digest] of written) expect([folder, path, digest]).toEqual([folder, path, original.get(path)])
    }
  })
})
