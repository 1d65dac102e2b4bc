import { describe, expect, it } from 'vitest'
import { SkillsError } from '../../src/core/errors.js'
import { parseUri, skillNotFoundMessage, type ParsedUri } from '../../src/core/uri-grammar.js'

const SEGMENT_CHARS = "segment may only contain lowercase ASCII letters, digits, '-' and '_'"
const EMPTY_SEGMENTS = "Resource URI may not contain empty segments (no leading, trailing, or doubled '/'): "

describe('parseUri', () => {
  it.each<[string, ParsedUri]>([
    ['iii://skills', { kind: 'index' }],
    ['iii://brain', { kind: 'skill', id: 'brain' }],
    ['iii://parent/sub', { kind: 'skill', id: 'parent/sub' }],
    ['iii://a/b/c', { kind: 'skill', id: 'a/b/c' }],
    ['iii://a/b/c/d/e', { kind: 'skill', id: 'a/b/c/d/e' }],
    ['iii://docs/fn-reference', { kind: 'skill', id: 'docs/fn-reference' }],
    ['iii://a/fn/c', { kind: 'skill', id: 'a/fn/c' }],
    ['iii://a/fn', { kind: 'skill', id: 'a/fn' }],
    ['iii://fnx/y', { kind: 'skill', id: 'fnx/y' }],
    ['iii://skills/x', { kind: 'skill', id: 'skills/x' }],
    ['iii://x/skills', { kind: 'skill', id: 'x/skills' }],
    ['iii://no-parent/no-child', { kind: 'skill', id: 'no-parent/no-child' }],
    ['iii://brain/brain::summarize', { kind: 'skill', id: 'brain/brain::summarize' }],
    ['iii://fn/foo', { kind: 'section', functionId: 'foo' }],
    ['iii://fn/echo', { kind: 'section', functionId: 'echo' }],
    ['iii://fn/scope/echo', { kind: 'section', functionId: 'scope::echo' }],
    ['iii://fn/resend/email/send', { kind: 'section', functionId: 'resend::email::send' }],
    ['iii://fn/a/b/c/d', { kind: 'section', functionId: 'a::b::c::d' }],
    ['iii://fn/fn', { kind: 'section', functionId: 'fn' }],
    ['iii://fn/state/set', { kind: 'section', functionId: 'state::set' }],
    [`iii://fn/${'x'.repeat(64)}`, { kind: 'section', functionId: 'x'.repeat(64) }],
  ])('parses %j', (uri, parsed) => {
    expect(parseUri(uri)).toEqual(parsed)
  })

  it.each<[string, string, ParsedUri]>([
    ['an uppercase id (validated later, not here)', 'iii://Foo', { kind: 'skill', id: 'Foo' }],
    ['an id with a space', 'iii://a b', { kind: 'skill', id: 'a b' }],
    ['trailing whitespace (no trimming)', 'iii://skills ', { kind: 'skill', id: 'skills ' }],
    ['percent escapes (no decoding)', 'iii://%66n/x', { kind: 'skill', id: '%66n/x' }],
    ['a non-ASCII id', 'iii://caf\u00e9/\u{1f600}', { kind: 'skill', id: 'caf\u00e9/\u{1f600}' }],
    ['a query-looking suffix', 'iii://a?b=c', { kind: 'skill', id: 'a?b=c' }],
  ])('keeps the skill id verbatim for %s', (_case, uri, parsed) => {
    expect(parseUri(uri)).toEqual(parsed)
  })

  it.each([
    ['brain', 'Resource URI must start with iii://: brain'],
    ['https://example.com', 'Resource URI must start with iii://: https://example.com'],
    ['III://skills', 'Resource URI must start with iii://: III://skills'],
    [' iii://skills', 'Resource URI must start with iii://:  iii://skills'],
    ['iii:/skills', 'Resource URI must start with iii://: iii:/skills'],
    ['', 'Resource URI must start with iii://: '],
    ['iii://', 'Empty resource id: iii://'],
    ['iii:///fn', `${EMPTY_SEGMENTS}iii:///fn`],
    ['iii:///', `${EMPTY_SEGMENTS}iii:///`],
    ['iii://skill/', `${EMPTY_SEGMENTS}iii://skill/`],
    ['iii://a//b', `${EMPTY_SEGMENTS}iii://a//b`],
    ['iii://fn/', `${EMPTY_SEGMENTS}iii://fn/`],
    ['iii://fn//a', `${EMPTY_SEGMENTS}iii://fn//a`],
    ['iii://skills/', `${EMPTY_SEGMENTS}iii://skills/`],
    ['iii://fn', "Section URI 'iii://fn' is missing a function path: expected iii://fn/{a}/{b}/...: iii://fn"],
    ['iii://fn/Bad-Case', `invalid section URI segment "Bad-Case": ${SEGMENT_CHARS}: "Bad-Case"`],
    ['iii://fn/a/b::c', `invalid section URI segment "b::c": ${SEGMENT_CHARS}: "b::c"`],
    ['iii://fn/a b', `invalid section URI segment "a b": ${SEGMENT_CHARS}: "a b"`],
    ['iii://fn/iii.on_foo', `invalid section URI segment "iii.on_foo": ${SEGMENT_CHARS}: "iii.on_foo"`],
    ['iii://fn/%41', `invalid section URI segment "%41": ${SEGMENT_CHARS}: "%41"`],
    ['iii://fn/ok/Bad/Worse', `invalid section URI segment "Bad": ${SEGMENT_CHARS}: "Bad"`],
    ['iii://fn/a"b', `invalid section URI segment "a\\"b": ${SEGMENT_CHARS}: "a\\"b"`],
    ['iii://fn/caf\u00e9', `invalid section URI segment "caf\u00e9": ${SEGMENT_CHARS}: "caf\u00e9"`],
    [`iii://fn/${'x'.repeat(65)}`, `invalid section URI segment "${'x'.repeat(65)}": segment too long (65 chars; max 64): "${'x'.repeat(65)}"`],
    [`iii://fn/${'\u00e9'.repeat(33)}`, `invalid section URI segment "${'\u00e9'.repeat(33)}": segment too long (66 chars; max 64): "${'\u00e9'.repeat(33)}"`],
  ])('rejects %j with the exact message', (uri, message) => {
    expect(() => parseUri(uri)).toThrowError(new SkillsError(message))
  })

  it('throws SkillsError instances', () => {
    expect(() => parseUri('brain')).toThrow(SkillsError)
  })
})

describe('skillNotFoundMessage (D5)', () => {
  it.each([
    ['a valid id', 'ghost', 'Skill not found: ghost'],
    ['a valid nested id', 'no-parent/no-child', 'Skill not found: no-parent/no-child'],
    ['an invalid id without ::', 'Upper', 'Skill not found: Upper'],
    ['a reserved fn id', 'fn', 'Skill not found: fn'],
    ['a single colon', 'a:b', 'Skill not found: a:b'],
    ['the legacy worker::fn link', 'brain/brain::summarize', 'Skill not found: brain/brain::summarize (function links use iii://fn/brain/summarize)'],
    ['a bare worker::fn id', 'a::b', 'Skill not found: a::b (function links use iii://fn/a/b)'],
    ['several :: segments (the last one wins)', 'x/a::b/c::d::e', 'Skill not found: x/a::b/c::d::e (function links use iii://fn/c/d/e)'],
    ['a :: segment before a plain one', 'a::b/c', 'Skill not found: a::b/c (function links use iii://fn/a/b)'],
    ['an empty segment next to the legacy segment', 'brain::summarize//', 'Skill not found: brain::summarize// (function links use iii://fn/brain/summarize)'],
    ['a tripled colon', 'a:::b', 'Skill not found: a:::b (function links use iii://fn/a/:b)'],
  ])('answers %s', (_case, id, message) => {
    expect(skillNotFoundMessage(id)).toBe(message)
  })
})
