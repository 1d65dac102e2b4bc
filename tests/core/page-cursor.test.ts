import { describe, expect, it } from 'vitest'
import { InvalidParamsError } from '../../src/core/errors.js'
import { decodePageCursor, encodePageCursor } from '../../src/core/page-cursor.js'

const of = { name: 'pdf', path: 'references/forms.md', text: '# Forms\n\nFill them in.\n' }

describe('page cursors (E7.4)', () => {
  it('gives back the offset for the same file and content', () => {
    expect(decodePageCursor(encodePageCursor(of, 9), of)).toBe(9)
  })

  it.each([
    ['another skill', { ...of, name: 'docx' }],
    ['another file', { ...of, path: 'SKILL.md' }],
    ['another version of the file', { ...of, text: '# Forms\n\nFill them in, then sign.\n' }],
  ])('fails Invalid cursor for %s', (_case, other) => {
    expect(() => decodePageCursor(encodePageCursor(of, 9), other)).toThrow(new InvalidParamsError('Invalid cursor'))
  })

  it('is short: an offset and a 96-bit stamp', () => {
    expect(encodePageCursor(of, 4242)).toMatch(/^39u\.[A-Za-z0-9_-]{16}$/)
  })

  it.each(['', 'not-a-cursor!', '39u.short', encodePageCursor(of, 0), encodePageCursor(of, 999)])(
    'fails Invalid cursor for %j',
    (cursor) => {
      expect(() => decodePageCursor(cursor, of)).toThrow(new InvalidParamsError('Invalid cursor'))
    },
  )
})
