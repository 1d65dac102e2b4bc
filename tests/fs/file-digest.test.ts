/**
 * A skill entry's content digest (what fs change events compare) is taken from the read the entry
 * was loaded from: the same digest a read of the unchanged file gives, without reading it again.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { fileDigest } from '../../src/fs/file-digest.js'
import { FsSnapshot } from '../../src/fs/fs-snapshot.js'
import { directView } from '../../src/fs/fs-view.js'
import { expandSkillGlobs } from '../../src/fs/skill-files.js'
import { silentLogger } from '../support/silent-logger.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { FS_LIMITS } from '../../src/core/limits.js'

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

async function snapshotOf(): Promise<FsSnapshot> {
  const { skills } = await expandSkillGlobs(['skills/**/*.md'], root, silentLogger())
  return new FsSnapshot(skills, [], directView)
}

it('gives each skill the digest of its file as loaded, without reading it again', async () => {
  await writeTree(root, {
    'skills/pdf/SKILL.md': '---\nname: pdf\ndescription: Fill PDF forms.\n---\n# PDF\n',
    'skills/notes.md': '\uFEFF# Notes é\n\nbody\n',
  })
  const snapshot = await snapshotOf()
  const paths = snapshot.skills.map((s) => s.path)
  const onDisk = await Promise.all(paths.map((path) => fileDigest(path, FS_LIMITS.textFileBytes)))
  // Rewritten behind its back (no index watches here): the digests are still of what was loaded.
  for (const path of paths) await writeFile(path, 'changed since')
  expect(await snapshot.skillDigests()).toEqual(onDisk)
  expect(await (await snapshotOf()).skillDigests()).not.toEqual(onDisk)
})

it('reads the digest of an entry whose file could not be read when loaded', async () => {
  await writeTree(root, { 'skills/bad.md': Buffer.from([0x23, 0x20, 0xff, 0xfe]) })
  const snapshot = await snapshotOf()
  expect(snapshot.skills.map((s) => s.id)).toEqual(['bad'])
  expect(await snapshot.skillDigests()).toEqual([await fileDigest(join(root, 'skills/bad.md'), FS_LIMITS.textFileBytes)])
})
