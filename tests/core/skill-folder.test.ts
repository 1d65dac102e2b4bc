import { describe, expect, it } from 'vitest'
import { checkFolderFrontmatter, folderIndexLine, folderSkillId, folderTitle, isSkillFile, isSkillName, folderDescription } from '../../src/core/skill-folder.js'

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

describe('checkFolderFrontmatter (E5.1)', () => {
  it.each([
    [{ description: 'd' }, 'acme/billing', { ok: true, value: [] }],
    [{ name: 'billing', description: 'd' }, 'acme/billing', { ok: true, value: [] }],
    [{ name: 'acme', description: 'd' }, 'acme/billing', { ok: true, value: ['frontmatter name "acme" does not match folder "billing"'] }],
    [{ name: 'billing' }, 'acme/billing', { ok: false, error: 'frontmatter missing non-empty `description`' }],
    [{ description: '\u2003\n' }, 'a', { ok: false, error: 'frontmatter missing non-empty `description`' }],
    [{ description: ` ${'a'.repeat(1024)} ` }, 'a', { ok: true, value: [] }],
    [{ description: '\u{1F600}'.repeat(1025) }, 'a', { ok: true, value: ['description longer than 1024 characters'] }],
    [{ name: 'PDF_Tools', description: 'd' }, 'pdf', {
      ok: true, value: ['frontmatter name "PDF_Tools" does not match folder "pdf"', 'frontmatter name "PDF_Tools" is not a valid skill name'],
    }],
  ])('%j for %s => %j', (fields, id, expected) => {
    expect(checkFolderFrontmatter(fields, id)).toEqual(expected)
  })

  it.each([
    ['pdf', true], ['a-b-c', true], ['x'.repeat(64), true], ['x'.repeat(65), false],
    ['-pdf', false], ['pdf-', false], ['pd--f', false], ['Pdf', false], ['pdf_tools', false], ['', false],
  ])('isSkillName(%j) => %s', (name, valid) => {
    expect(isSkillName(name)).toBe(valid)
  })
})

describe('folderTitle and folderIndexLine (E5.3)', () => {
  it('takes metadata.title, else title, else name, else the last id segment, never a heading of the body', () => {
    expect(folderTitle('a/b', { metadata: { title: 'Meta title' }, title: 'Top', name: 'b' })).toBe('Meta title')
    expect(folderTitle('a/b', { metadata: { title: 7 }, title: 'Top', name: 'b' })).toBe('Top')
    expect(folderTitle('a/b', { name: 'b' })).toBe('b')
    expect(folderTitle('a/b', {})).toBe('b')
  })

  it('puts the description on one line, cut as D1 cuts it', () => {
    expect(folderIndexLine('a/b', { name: 'b' }, { name: 'b', description: ' one\n two \n' })).toEqual({ id: 'a/b', title: 'b', description: 'one two' })
    expect(folderIndexLine('a/b', {}, { description: 'x'.repeat(200) }).description).toBe(`${'x'.repeat(140)}...`)
  })
})

describe('folderDescription (E13.5)', () => {
  it('keeps a multi-line description as written, only trimmed', () => {
    expect(folderDescription({ description: '  Fill PDF forms.\n\nUse when:\n- a form arrives\n' })).toBe('Fill PDF forms.\n\nUse when:\n- a form arrives')
    expect(folderDescription({})).toBe('')
  })
})
