import { describe, expect, it } from 'vitest'
import { checkSkillPath } from '../../src/core/skill-path.js'

describe('checkSkillPath', () => {
  it.each(['SKILL.md', 'references/forms.md', 'a/./b', 'dir/', '.hidden', '...', 'a..b/c'])('accepts %j', (path) => {
    expect(checkSkillPath(path)).toBeUndefined()
  })

  it.each([
    ['', 'Invalid path "": must be non-empty'],
    ['/etc/passwd', 'Invalid path "/etc/passwd": must be relative to the skill folder'],
    ['..', `Invalid path "..": must not contain a '..' segment`],
    ['a/../../b', `Invalid path "a/../../b": must not contain a '..' segment`],
    ['a/..', `Invalid path "a/..": must not contain a '..' segment`],
    ['..\\x', 'Invalid path "..\\\\x": must not contain a backslash'],
    ['a\0b', 'Invalid path "a\\0b": must not contain a NUL character'],
  ])('refuses %j', (path, message) => {
    expect(checkSkillPath(path)).toBe(message)
  })
})
