/**
 * An fs skill entry lives as long as the index does, and its file's text is read whole to load it:
 * the title and descriptions it keeps are copies, never views into that text, so the index holds
 * each entry's few fields and not every skill's whole file (at 10,000 skills, 11 MiB of SKILL.md).
 * Each case loads cold, as a process's first scan does (how V8 cuts a string depends on how warm
 * the code cutting it is; a first load retained every text); its compiled code is well under the bound.
 */
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { readSkillEntry } from '../../src/fs/skill-files.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { retainedBytes } from './retained-heap.js'
import { FS_LIMITS } from '../../src/core/limits.js'

const SKILLS = 40
const BODY = 'Body text of the skill, words words words. '.repeat(5_000) // ~215 KB a file

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

async function loadAll(kind: 'folder' | 'file', pathOf: (i: number) => string) {
  const entries = []
  for (let i = 0; i < SKILLS; i++) {
    const read = await readSkillEntry(`skill-${i}`, join(root, pathOf(i)), kind, FS_LIMITS)
    if (!read.ok) throw new Error(read.error)
    entries.push(read.value.entry)
  }
  return entries
}

it('a folder skill entry keeps its fields, not its SKILL.md', async () => {
  const files: Record<string, string> = {}
  for (let i = 0; i < SKILLS; i++) {
    files[`skill-${i}/SKILL.md`] = `---\nname: skill-${i}\ndescription: Generated skill ${i}, long enough to be cut out of the text as a view of it. Use when testing.\n---\n${BODY}`
  }
  await writeTree(root, files)
  let entries: Awaited<ReturnType<typeof loadAll>> = []
  const retained = await retainedBytes(async () => (entries = await loadAll('folder', (i) => `skill-${i}/SKILL.md`)))
  expect(entries[7]?.description).toBe('Generated skill 7, long enough to be cut out of the text as a view of it. Use when testing.')
  expect(retained).toBeLessThan(SKILLS * BODY.length / 2)
})

it('a markdown file skill entry keeps its fields, not the file', async () => {
  const files: Record<string, string> = {}
  for (let i = 0; i < SKILLS; i++) {
    files[`skill-${i}.md`] = `---\ntags: [a]\n---\n# Skill number ${i} with a title long enough\n\nThe first paragraph of skill ${i}, which the index line takes as its description.\n\n${BODY}`
  }
  await writeTree(root, files)
  let entries: Awaited<ReturnType<typeof loadAll>> = []
  const retained = await retainedBytes(async () => (entries = await loadAll('file', (i) => `skill-${i}.md`)))
  expect(entries[7]?.title).toBe('Skill number 7 with a title long enough')
  expect(retained).toBeLessThan(SKILLS * BODY.length / 2)
})
