import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { expandSkillGlobs } from '../src/fs/skill-files.js'
import { silentLogger } from '../src/logger.js'
import { skillsDirPatterns } from '../src/skills-dirs.js'
import { makeTempDir, removeTempDir, writeTree } from './support/temp-tree.js'

const skill = (name: string) => `---\nname: ${name}\ndescription: d\n---\n`

describe('--skills-dir patterns (E5.5)', () => {
  it('serves SKILL.md folders up to 6 levels under the dir, ids relative to it, never hidden folders', async () => {
    const dir = await makeTempDir()
    try {
      await writeTree(dir, {
        'lint/SKILL.md': skill('lint'),
        'team/a/b/c/d/deep/SKILL.md': skill('deep'),
        'team/a/b/c/d/e/too-deep/SKILL.md': skill('too-deep'),
        '.hidden/secret/SKILL.md': skill('secret'),
        'team/.git/hooks/SKILL.md': skill('hooks'),
      })
      const { skills, skipped } = await expandSkillGlobs(skillsDirPatterns(dir), '/', silentLogger())
      expect([skills.map((s) => s.id), skipped]).toEqual([['lint', 'team/a/b/c/d/deep'], []])
      expect(skillsDirPatterns(join(dir, '/'))[0]).toBe(`${dir}/[!.]*/SKILL.md`)
    } finally {
      await removeTempDir(dir)
    }
  })
})
