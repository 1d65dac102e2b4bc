import { describe, expect, it } from 'vitest'
import { brokenLinks, linkTarget } from '../../src/core/links.js'

const skillIds = new Set(['acme/billing', 'pdf'])
const files = new Set(['SKILL.md', 'references/forms.md', 'scripts/fill.py'])

describe('brokenLinks', () => {
  it('finds iii:// links to no skill and keeps the index, function sections and known skills', () => {
    expect(brokenLinks(['iii://acme/billing', 'iii://acme/billing#refunds', 'iii://skills', 'iii://fn/a/b', 'iii://gone', 'iii://acme'], { skillIds, files })).toEqual([
      { link: 'iii://gone', reason: 'no skill has the id "gone"' },
      { link: 'iii://acme', reason: 'no skill has the id "acme"' },
    ])
  })

  it('checks relative links against the folder, never outside it, and leaves web links and anchors alone', () => {
    expect(brokenLinks([
      'references/forms.md', './scripts/fill.py#L3', 'references/', 'references/missing.md', '../other/SKILL.md', '/etc/passwd',
      'https://example.com/x', 'mailto:a@b.c', '#usage', 'references/forms.md',
    ], { skillIds, files })).toEqual([
      { link: 'references/missing.md', reason: 'no file "references/missing.md" in the skill folder' },
      { link: '../other/SKILL.md', reason: 'outside the skill folder' },
      { link: '/etc/passwd', reason: 'an absolute path, not a file of the skill' },
    ])
  })

  it('reports every relative link of a skill without a folder', () => {
    expect(brokenLinks(['notes.md', 'iii://pdf'], { skillIds, files: undefined })).toEqual([
      { link: 'notes.md', reason: 'this skill has no folder of files' },
    ])
  })
})

describe('linkTarget: what a link points at, for the page, check and the diagnostics', () => {
  it.each([
    ['iii://acme/billing#refunds', { kind: 'skill', id: 'acme/billing', rest: 'acme/billing#refunds' }],
    ['iii://acme/', { kind: 'skill', id: 'acme', rest: 'acme/' }],
    ['iii://skills', { kind: 'index', rest: 'skills' }],
    ['iii://fn/scope/echo', { kind: 'section', rest: 'fn/scope/echo' }],
    ['#usage', { kind: 'anchor' }],
    ['', { kind: 'anchor' }],
    ['https://example.com/a', { kind: 'external' }],
    ['mailto:a@b.c', { kind: 'external' }],
    ['//cdn.example/x.js', { kind: 'external' }],
    ['references/a%20b.md?x=1#part', { kind: 'file', path: 'references/a b.md' }],
    ['/etc/passwd', { kind: 'file', path: '/etc/passwd' }],
    ['a%ZZ.md', { kind: 'file', path: 'a%ZZ.md' }],
  ])('%s => %j', (href, expected) => {
    expect(linkTarget(href)).toEqual(expected)
  })
})
