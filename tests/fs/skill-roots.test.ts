import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scanFs } from '../../src/fs/boot-diagnostics.js'
import { skillRootPatterns } from '../../src/fs/skill-roots.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { silentLogger } from '../support/silent-logger.js'

const skill = (name: string) => `---\nname: ${name}\ndescription: d\n---\n`
const scan = (skills: string[], roots: string[], base = '/') => scanFs({ skills, prompts: [], skill_roots: roots }, base, silentLogger())

describe('skill roots (E5.5)', () => {
  it('serves SKILL.md folders up to 6 levels under a root, ids relative to it, never hidden folders or node_modules', async () => {
    const dir = await makeTempDir()
    try {
      await writeTree(dir, {
        'lint/SKILL.md': skill('lint'),
        'team/a/b/c/d/deep/SKILL.md': skill('deep'),
        'team/a/b/c/d/e/too-deep/SKILL.md': skill('too-deep'),
        '.hidden/secret/SKILL.md': skill('secret'),
        'team/.git/hooks/SKILL.md': skill('hooks'),
        'tools/node_modules/pkg/SKILL.md': skill('pkg'),
        'node_modules/x/SKILL.md': skill('x'),
      })
      const { skills } = await scan([], [dir])
      expect([skills.skills.map((s) => s.id), skills.skipped]).toEqual([['lint', 'team/a/b/c/d/deep'], []])
      expect(skillRootPatterns(join(dir, '/'))[0]).toBe(`${dir}/[!.]*/SKILL.md`)
    } finally {
      await removeTempDir(dir)
    }
  })

  it('lets the config globs, then the first root, win an id; the other is a warning naming both paths', async () => {
    const dir = await makeTempDir()
    try {
      await writeTree(dir, { 'one/pdf/SKILL.md': skill('pdf'), 'two/pdf/SKILL.md': skill('pdf'), 'two/docx/SKILL.md': skill('docx') })
      const { skills } = await scan([], [join(dir, 'one'), join(dir, 'two')])
      expect(skills.skills.map((s) => [s.id, s.path, s.warnings])).toEqual([
        ['docx', join(dir, 'two/docx/SKILL.md'), undefined],
        ['pdf', join(dir, 'one/pdf/SKILL.md'), [`id "pdf" is in two places: ${join(dir, 'one/pdf/SKILL.md')} is served, ${join(dir, 'two/pdf/SKILL.md')} is not (the first root wins)`]],
      ])
      expect(skills.skipped).toEqual([])
    } finally {
      await removeTempDir(dir)
    }
  })
})

describe('ids from folder names (E13.3)', () => {
  it('maps a folder name that is no id segment to one, with a warning, and skips one that maps to nothing', async () => {
    const dir = await makeTempDir()
    try {
      await writeTree(dir, {
        'ComposioHQ-awesome-claude-skills/Pdf Tools/SKILL.md': skill('pdf-tools'),
        'ComposioHQ-awesome-claude-skills/docx/SKILL.md': skill('docx'),
        'plain/SKILL.md': skill('plain'),
        '!!!/SKILL.md': skill('bang'),
      })
      const { skills } = await scan([], [dir])
      expect(skills.skills.map((s) => [s.id, s.warnings])).toEqual([
        ['composiohq-awesome-claude-skills/docx', ['folder "ComposioHQ-awesome-claude-skills" served as "composiohq-awesome-claude-skills"']],
        ['composiohq-awesome-claude-skills/pdf-tools', [
          'folder "ComposioHQ-awesome-claude-skills" served as "composiohq-awesome-claude-skills"',
          'folder "Pdf Tools" served as "pdf-tools"',
        ]],
        ['plain', undefined],
      ])
      expect(skills.skipped.map((s) => s.path)).toEqual([join(dir, '!!!/SKILL.md')])
    } finally {
      await removeTempDir(dir)
    }
  })

  it('serves the first of two folders that map to one id, with a warning naming both (E13.6)', async () => {
    const dir = await makeTempDir()
    try {
      await writeTree(dir, { 'Team/pdf/SKILL.md': skill('pdf'), 'team/pdf/SKILL.md': skill('pdf') })
      const { skills } = await scan([], [dir])
      expect(skills.skills).toHaveLength(1)
      expect(skills.skills[0]!.warnings?.at(-1)).toMatch(/^id "team\/pdf" is in two places: .* is served, .* is not \(the first root wins\)$/)
    } finally {
      await removeTempDir(dir)
    }
  })
})
