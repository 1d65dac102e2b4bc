import { describe, expect, it } from 'vitest'
import { checkFolderFrontmatter, folderIndexLine, folderSkillId, isSkillFile } from '../../src/core/skill-folder.js'

describe('isSkillFile', () => {
  it.each([
    ['/s/pdf/SKILL.md', true],
    ['SKILL.md', true],
    ['/s/pdf/skill.md', false],
    ['/s/pdf/SKILL.md.bak', false],
    ['/s/pdf/MY-SKILL.md', false],
    ['/s/SKILL.md/x.md', false],
  ])('%s => %s', (path, expected) => {
    expect(isSkillFile(path)).toBe(expected)
  })
})

describe('folderSkillId', () => {
  it.each([
    ['pdf/SKILL', '/s/pdf/SKILL.md', 'pdf'],
    ['acme/billing/SKILL', '/s/acme/billing/SKILL.md', 'acme/billing'],
    ['SKILL', '/srv/skills/pdf/SKILL.md', 'pdf'],
    ['SKILL', '/srv/./skills//pdf/SKILL.md', 'pdf'],
    ['SKILL', '/SKILL.md', ''],
  ])('(%s, %s) => %s', (derived, path, id) => {
    expect(folderSkillId(derived, path)).toBe(id)
  })
})

describe('checkFolderFrontmatter', () => {
  it.each([
    [{ description: 'd' }, 'acme/billing', undefined],
    [{ name: 'billing', description: 'd' }, 'acme/billing', undefined],
    [{ name: 'acme', description: 'd' }, 'acme/billing', 'frontmatter name "acme" does not match folder "billing"'],
    [{ name: 'billing' }, 'acme/billing', 'frontmatter missing non-empty `description`'],
    [{ description: '\u2003\n' }, 'a', 'frontmatter missing non-empty `description`'],
    [{ description: ` ${'a'.repeat(1024)} ` }, 'a', undefined],
    [{ description: '\u{1F600}'.repeat(1025) }, 'a', 'description longer than 1024 characters'],
  ])('%j for %s => %s', (fields, id, reason) => {
    expect(checkFolderFrontmatter(fields, id)).toBe(reason)
  })
})

describe('folderIndexLine', () => {
  it('prefers the body H1, then the name, then the id, and puts the description on one line', () => {
    expect(folderIndexLine('a/b', '# Heading\n', { name: 'b', description: ' one\n two \n' })).toEqual({ id: 'a/b', title: 'Heading', description: 'one two' })
    expect(folderIndexLine('a/b', 'no heading', { name: 'b', description: 'd' })).toEqual({ id: 'a/b', title: 'b', description: 'd' })
    expect(folderIndexLine('a/b', undefined, { description: 'd' })).toEqual({ id: 'a/b', title: 'a/b', description: 'd' })
  })
})
