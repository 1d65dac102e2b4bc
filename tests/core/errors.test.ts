import { describe, expect, it } from 'vitest'
import { check, SkillsError } from '../../src/core/errors.js'

describe('check', () => {
  it('does nothing for an undefined message', () => {
    expect(check(undefined)).toBeUndefined()
  })

  it('throws a SkillsError carrying the message verbatim', () => {
    expect(() => check('id must be non-empty')).toThrowError(new SkillsError('id must be non-empty'))
    try {
      check('x')
    } catch (error) {
      expect(error).toBeInstanceOf(SkillsError)
      expect((error as SkillsError).name).toBe('SkillsError')
      expect((error as SkillsError).message).toBe('x')
    }
    expect.assertions(4)
  })
})
