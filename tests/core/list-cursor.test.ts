import { describe, expect, it } from 'vitest'
import { SkillsError } from '../../src/core/errors.js'
import { decodeListCursor, encodeListCursor } from '../../src/core/list-cursor.js'

const FOREIGN = 'invalid value for field `cursor`: not a cursor returned by list_skills'
const OTHER = 'invalid value for field `cursor`: was returned for another namespace'
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('list_skills cursors', () => {
  it.each([
    ['acme.billing', undefined],
    ['acme.billing', 'acme'],
    ['caf\u00e9', 'x'],
  ])('round-trips %s in namespace %s as base64url', (after, namespace) => {
    const cursor = encodeListCursor(after, namespace)
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeListCursor(cursor, namespace)).toBe(after)
  })

  it.each([
    ['an empty string', ''],
    ['plain text', 'page-2'],
    ['base64 of JSON without our marker', b64({ after: 'a', ns: null })],
    ['base64 of a marker with a wrong after', b64({ m: 'iii-skills/list_skills/v1', after: 1, ns: null })],
    ['base64 of a marker with a wrong namespace type', b64({ m: 'iii-skills/list_skills/v1', after: 'a', ns: 5 })],
    ['base64 of a non-JSON text', Buffer.from('{nope').toString('base64url')],
    ['a huge string', 'A'.repeat(10_000)],
  ])('refuses %s', (_name, cursor) => {
    expect(() => decodeListCursor(cursor, undefined)).toThrowError(new SkillsError(FOREIGN))
  })

  it('refuses a cursor made for another namespace, or for none', () => {
    expect(() => decodeListCursor(encodeListCursor('a', 'x'), 'y')).toThrowError(new SkillsError(OTHER))
    expect(() => decodeListCursor(encodeListCursor('a', undefined), 'y')).toThrowError(new SkillsError(OTHER))
    expect(() => decodeListCursor(encodeListCursor('a', 'x'), undefined)).toThrowError(new SkillsError(OTHER))
  })
})
