import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { scanFs } from '../../src/fs/boot-diagnostics.js'
import { FsSources } from '../../src/fs/sources.js'
import { captureLogger, makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { FS_LIMITS } from '../../src/core/limits.js'

// E16.2: the folders of a walk are visited many at a time, and calls are answered from the index before
// its digests are read; the answer is still the full scan's, nested folders and skips included.
let root: string
beforeEach(async () => {
  root = await makeTempDir()
  const files: Record<string, string> = {}
  for (let i = 0; i < 300; i++) {
    const team = `team-${i % 7}`
    const name = `skill-${String(i).padStart(3, '0')}`
    const folder = i % 3 === 0 ? `${team}/${name}` : i % 3 === 1 ? `${team}/group-${i % 5}/${name}` : name
    files[`${folder}/SKILL.md`] = `---\nname: ${name}\ndescription: Skill ${i}.\n---\n# Skill ${i}\n`
    files[`${folder}/references/guide.md`] = `# Guide ${i}\n`
    if (i % 50 === 0) files[`${folder}/references/nested/SKILL.md`] = `---\nname: nested\ndescription: Nested ${i}.\n---\nbody\n`
  }
  files['Bad Folder/SKILL.md'] = '---\nname: bad\n---\nno description\n'
  await writeTree(root, files)
})
afterEach(async () => {
  await removeTempDir(root)
})

describe('the fs index against a full scan (E16.2)', () => {
  it('serves exactly the skills and skips of a scan of the disk without the index', async () => {
    const config = { skills: [], prompts: [], skill_roots: [root] }
    const full = await scanFs(config, root, captureLogger().log)
    const sources = new FsSources(config, root, captureLogger().log, { limits: FS_LIMITS })
    sources.onChange(() => undefined)
    try {
      const snapshot = await sources.snapshot()
      expect(snapshot.skills.map((s) => [s.id, s.path, s.description])).toEqual(full.skills.skills.map((s) => [s.id, s.path, s.description]))
      expect(snapshot.skipped.skills).toEqual(full.skills.skipped)
      expect(snapshot.skills.length).toBeGreaterThan(300)
      await sources.settled()
    } finally {
      sources.close()
    }
  })
})
