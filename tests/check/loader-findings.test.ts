/** E15.2 "every warning and skip of E5/E13": each loader text to its rule, the rest to the catch-alls. */
import { describe, expect, it } from 'vitest'
import * as msg from '../../src/core/messages.js'
import { loaderFindings, skipRule, warningRule } from '../../src/check/loader-findings.js'

describe('loader diagnostics as rules', () => {
  it('names the rule of every skip text the loader writes', () => {
    expect([
      msg.fsReadFailed('stream did not contain valid UTF-8'),
      msg.FS_NO_FRONTMATTER,
      msg.fsFrontmatterYaml('invalid type: sequence, expected struct SkillFrontmatter'),
      msg.FS_NO_DESCRIPTION,
      msg.fsInvalidId('Acme/pdf', 'segment may only contain …'),
      msg.fsDuplicateId('pdf', '/s/a/pdf/SKILL.md'),
      msg.fsDuplicateName('hello', '/p/hello.md'),
      msg.fsPromptInvalidName('Bad Name', 'name may only contain …'),
      msg.invalidGlob('skills/a**', msg.GLOB_RECURSIVE_WILDCARDS),
      msg.notUnderPrefix('/x/a.md', '/y'),
      msg.FS_SHADOWED_BY_STATE,
    ].map(skipRule)).toEqual(['SK001', 'SK002', 'SK003', 'SK004', 'SK005', 'SK006', 'SK006', 'SK007', 'SK008', 'SK008', 'SK000'])
  })

  it('names the rule of every warning text the loader writes', () => {
    expect([
      msg.fsRootCollision('pdf', '/a/pdf/SKILL.md', '/b/pdf/SKILL.md'),
      msg.fsFolderServedAs('Lint Tools', 'lint-tools'),
      msg.fsFolderNameMismatch('pdf-tools', 'pdf'),
      msg.fsInvalidSkillName('PDF'),
      msg.FS_DESCRIPTION_TOO_LONG,
      msg.fsYamlRepaired(2),
      msg.notPublishedInvalidName('Bad_Name'),
      msg.notPublishedNameDiffers('pdf-tools', 'pdf'),
      'a warning written after this rule table',
    ].map(warningRule)).toEqual(['SK006', 'SK009', 'SK101', 'SK102', 'SK103', 'SK104', 'SK502', 'SK502', 'SK100'])
  })

  it('keeps each text, kind, path and id, marks skips, and asks where each points', () => {
    const asked: string[] = []
    expect(loaderFindings({
      skipped: [{ kind: 'skill', path: '/s/x/SKILL.md', reason: msg.FS_NO_DESCRIPTION }],
      warnings: [{ kind: 'skill', path: '/s/pdf/SKILL.md', id: 'pdf', message: msg.fsFolderNameMismatch('pdf-tools', 'pdf') }],
    }, (path, rule) => { asked.push(`${rule} ${path}`); return rule === 'SK101' ? 2 : 1 })).toEqual([
      { rule: 'SK004', kind: 'skill', path: '/s/x/SKILL.md', line: 1, message: msg.FS_NO_DESCRIPTION, skipped: true },
      { rule: 'SK101', kind: 'skill', path: '/s/pdf/SKILL.md', line: 2, id: 'pdf', message: 'frontmatter name "pdf-tools" does not match folder "pdf"' },
    ])
    expect(asked).toEqual(['SK004 /s/x/SKILL.md', 'SK101 /s/pdf/SKILL.md'])
  })
})
