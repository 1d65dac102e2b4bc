import { describe, expect, it } from 'vitest'
import {
  compareUtf8, utf8Length, validateArguments, validateId, validateIdSegment, validateName,
} from '../../src/core/ids.js'

const SEGMENT_CHARS = "segment may only contain lowercase ASCII letters, digits, '-' and '_'"
const NAME_CHARS = "name may only contain lowercase ASCII letters, digits, '-' and '_'"
const x = (n: number) => 'x'.repeat(n)
const e = (n: number) => '\u00e9'.repeat(n) // é: 2 UTF-8 bytes, 1 code point

/** `count` segments of `segmentLength` x's joined by '/'; length = count*segmentLength + count-1. */
const slashed = (count: number, segmentLength: number) => Array(count).fill(x(segmentLength)).join('/')

describe('utf8Length', () => {
  it.each([
    ['', 0], ['a', 1], ['\u00e9', 2], ['\u20ac', 3], ['\u{1f600}', 4], ['a\u00e9\u20ac\u{1f600}', 10],
  ])('counts %j as %i UTF-8 bytes', (text, bytes) => {
    expect(utf8Length(text)).toBe(bytes)
  })
})

describe('validateId', () => {
  it.each([
    'brain', 'agent_memory', 'my-skill-1', 'a', 'a/b', 'a/b/c', 'a/b/c/d/e', 'resend/email/send',
    'docs/fn-reference', 'a/fn', 'a/fn/c', 'skills', 'fnx', 'fn-x', '_/-/0', x(64), `ok/${x(64)}`,
  ])('accepts %j', (id) => {
    expect(validateId(id)).toBeUndefined()
  })

  it('accepts an id of exactly 1024 bytes', () => {
    const id = `${slashed(15, 64)}/${x(49)}`
    expect(id.length).toBe(1024)
    expect(validateId(id)).toBeUndefined()
  })

  it.each([
    ['', 'id must be non-empty'],
    ['/a', `id may not have a leading or trailing '/': "/a"`],
    ['a/', `id may not have a leading or trailing '/': "a/"`],
    ['/', `id may not have a leading or trailing '/': "/"`],
    ['/Bad Id/', `id may not have a leading or trailing '/': "/Bad Id/"`],
    ['a//b', 'invalid id (segment 2 of "a//b"): segment must be non-empty'],
    ['a/b//c', 'invalid id (segment 3 of "a/b//c"): segment must be non-empty'],
    ['UpperCase', `invalid id (segment 1 of "UpperCase"): ${SEGMENT_CHARS}: "UpperCase"`],
    ['with space', `invalid id (segment 1 of "with space"): ${SEGMENT_CHARS}: "with space"`],
    ['with::colon', `invalid id (segment 1 of "with::colon"): ${SEGMENT_CHARS}: "with::colon"`],
    ['brain/brain::summarize', `invalid id (segment 2 of "brain/brain::summarize"): ${SEGMENT_CHARS}: "brain::summarize"`],
    ['a.b', `invalid id (segment 1 of "a.b"): ${SEGMENT_CHARS}: "a.b"`],
    ['caf\u00e9', `invalid id (segment 1 of "caf\u00e9"): ${SEGMENT_CHARS}: "caf\u00e9"`],
    ['a"b', `invalid id (segment 1 of "a\\"b"): ${SEGMENT_CHARS}: "a\\"b"`],
    ['tab\there', `invalid id (segment 1 of "tab\\there"): ${SEGMENT_CHARS}: "tab\\there"`],
    [x(65), `invalid id (segment 1 of "${x(65)}"): segment too long (65 chars; max 64): "${x(65)}"`],
    [`ok/${x(65)}`, `invalid id (segment 2 of "ok/${x(65)}"): segment too long (65 chars; max 64): "${x(65)}"`],
    [e(33), `invalid id (segment 1 of "${e(33)}"): segment too long (66 chars; max 64): "${e(33)}"`],
    [e(32), `invalid id (segment 1 of "${e(32)}"): ${SEGMENT_CHARS}: "${e(32)}"`],
    ['fn', 'id may not have "fn" as its first segment (reserved as the iii://fn/ section-URI marker): "fn"'],
    ['fn/anything', 'id may not have "fn" as its first segment (reserved as the iii://fn/ section-URI marker): "fn/anything"'],
    ['fn/a/b', 'id may not have "fn" as its first segment (reserved as the iii://fn/ section-URI marker): "fn/a/b"'],
    ['fn/Bad', `invalid id (segment 2 of "fn/Bad"): ${SEGMENT_CHARS}: "Bad"`],
  ])('rejects %j with the exact message', (id, message) => {
    expect(validateId(id)).toBe(message)
  })

  it('rejects an id over 1024 bytes, quoting the whole id', () => {
    const id = `${slashed(15, 64)}/${x(50)}`
    expect(id.length).toBe(1025)
    expect(validateId(id)).toBe(`id too long (1025 chars; max 1024): "${id}"`)
  })

  it('counts the total length in UTF-8 bytes, not code points', () => {
    const id = Array(20).fill(e(26)).join('/') // 20*52 + 19 = 1059 bytes, 539 code points
    expect(validateId(id)).toBe(`id too long (1059 chars; max 1024): "${id}"`)
  })

  it.each([
    ['the slash rule before the length rule', `/${x(2000)}`, `id may not have a leading or trailing '/': "/${x(2000)}"`],
    ['the length rule before the segment rules', 'A'.repeat(1025), `id too long (1025 chars; max 1024): "${'A'.repeat(1025)}"`],
    ['the first failing segment', 'a/B/c d', `invalid id (segment 2 of "a/B/c d"): ${SEGMENT_CHARS}: "B"`],
    ['the segment length rule before the segment character rule', 'X'.repeat(65), `invalid id (segment 1 of "${'X'.repeat(65)}"): segment too long (65 chars; max 64): "${'X'.repeat(65)}"`],
    ['the segment rules before the reserved-fn rule', 'fn//a', 'invalid id (segment 2 of "fn//a"): segment must be non-empty'],
  ])('checks %s', (_rule, id, message) => {
    expect(validateId(id)).toBe(message)
  })
})

describe('validateIdSegment', () => {
  it.each(['a', 'fn', 'skills', 'a-b_c-1', x(64)])('accepts %j', (segment) => {
    expect(validateIdSegment(segment)).toBeUndefined()
  })

  it.each([
    ['', 'segment must be non-empty'],
    [x(65), `segment too long (65 chars; max 64): "${x(65)}"`],
    [`${'X'.repeat(65)}`, `segment too long (65 chars; max 64): "${'X'.repeat(65)}"`],
    [e(33), `segment too long (66 chars; max 64): "${e(33)}"`],
    ['Bad-Case', `${SEGMENT_CHARS}: "Bad-Case"`],
    ['b::c', `${SEGMENT_CHARS}: "b::c"`],
    ['a b', `${SEGMENT_CHARS}: "a b"`],
    ['a/b', `${SEGMENT_CHARS}: "a/b"`],
    ['\u{1f600}', `${SEGMENT_CHARS}: "\u{1f600}"`],
    ['nul\0', `${SEGMENT_CHARS}: "nul\\0"`],
  ])('rejects %j with the exact message', (segment, message) => {
    expect(validateIdSegment(segment)).toBe(message)
  })
})

describe('validateName', () => {
  it.each(['send-email', 'triage_ticket', 'a', 'v2', 'fn', x(64)])('accepts %j', (name) => {
    expect(validateName(name)).toBeUndefined()
  })

  it.each([
    ['', 'name must be non-empty'],
    [x(65), 'name too long (65 chars; max 64)'],
    [e(33), 'name too long (66 chars; max 64)'],
    ['Send', `${NAME_CHARS}: "Send"`],
    ['mcp::send', `${NAME_CHARS}: "mcp::send"`],
    ['a/b', `${NAME_CHARS}: "a/b"`],
    ['with space', `${NAME_CHARS}: "with space"`],
    [e(32), `${NAME_CHARS}: "${e(32)}"`],
    ['q"uote', `${NAME_CHARS}: "q\\"uote"`],
  ])('rejects %j with the exact message', (name, message) => {
    expect(validateName(name)).toBe(message)
  })
})

describe('validateArguments', () => {
  const args = (...names: string[]) => names.map((name) => ({ name }))

  it.each([
    ['no arguments', args()],
    ['distinct names', args('to', 'subject')],
    ['names that differ only in surrounding whitespace', args(' to', 'to')],
    ['a name that is only a BOM (not whitespace in Rust)', args('\ufeff')],
    ['names with any characters', args('To Whom', 'x::y')],
  ])('accepts %s', (_case, list) => {
    expect(validateArguments(list)).toBeUndefined()
  })

  it.each([
    ['an empty name', args(''), 'argument name must be non-empty'],
    ['a blank name', args(' \t\n'), 'argument name must be non-empty'],
    ['a name of Unicode whitespace (NBSP, NEL, ideographic space)', args('\u00a0\u0085\u3000'), 'argument name must be non-empty'],
    ['a duplicate, quoting the raw name', args('to', 'to'), 'duplicate argument name: to'],
    ['a duplicate with spaces, unquoted', args(' a b ', ' a b '), 'duplicate argument name:  a b '],
    ['the first failure in order (duplicate)', args('a', 'a', ''), 'duplicate argument name: a'],
    ['the first failure in order (empty)', args('a', '', 'a'), 'argument name must be non-empty'],
  ])('rejects %s', (_case, list, message) => {
    expect(validateArguments(list)).toBe(message)
  })
})

describe('compareUtf8', () => {
  it('orders strings by UTF-8 bytes, unlike the UTF-16 default sort', () => {
    const keys = ['\u{1f600}', '\ufffd', '\ue000', 'z', 'B', 'a', '_', '']
    expect([...keys].sort(compareUtf8)).toEqual(['', 'B', '_', 'a', 'z', '\ue000', '\ufffd', '\u{1f600}'])
    expect([...keys].sort()).toEqual(['', 'B', '_', 'a', 'z', '\u{1f600}', '\ue000', '\ufffd'])
  })
})
