import { describe, expect, it } from 'vitest'
import { SkillsError } from '../../src/core/errors.js'
import { normalizeFunctionOutput, normalizePromptOutput } from '../../src/core/normalize.js'

const md = (text: string) => ({ text, mimeType: 'text/markdown' })
const json = (text: string) => ({ text, mimeType: 'application/json' })
const user = (text: string) => ({ role: 'user', content: { type: 'text', text } })

describe('normalizeFunctionOutput', () => {
  it.each<[string, unknown, { text: string; mimeType: string }]>([
    ['a string as markdown', 'hello', md('hello')],
    ['an empty string as markdown', '', md('')],
    ['{content} as markdown', { content: 'hi' }, md('hi')],
    ['{content} ignoring other keys', { content: 'hi', other: 1, messages: [] }, md('hi')],
    ['{content: ""} as markdown', { content: '' }, md('')],
    ['an object with a non-string content as JSON', { content: 5 }, json('{\n  "content": 5\n}')],
    ['an object with a null content as JSON', { content: null }, json('{\n  "content": null\n}')],
    ['an object as sorted pretty JSON', { label: 'json', count: 42 }, json('{\n  "count": 42,\n  "label": "json"\n}')],
    ['an empty object', {}, json('{}')],
    ['an array', [1, 'two'], json('[\n  1,\n  "two"\n]')],
    ['an array of {content} as JSON', [{ content: 'x' }], json('[\n  {\n    "content": "x"\n  }\n]')],
    ['a number', 42, json('42')],
    ['a boolean', false, json('false')],
    ['null', null, json('null')],
    ['an absent result (undefined) as null', undefined, json('null')],
  ])('serves %s', (_case, value, output) => {
    expect(normalizeFunctionOutput(value)).toEqual(output)
  })

  it('names the key in JSON output', () => {
    expect(normalizeFunctionOutput({ x: 1 }).text).toContain('"x"')
  })
})

describe('normalizePromptOutput', () => {
  it.each<[string, unknown, unknown[]]>([
    ['a string as one user message', 'str body', [user('str body')]],
    ['an empty string as one user message', '', [user('')]],
    ['{content} as one user message', { content: 'obj body' }, [user('obj body')]],
    ['{messages} before {content}', { messages: [], content: 'x' }, []],
    ['{content} when messages is not an array', { messages: 'nope', content: 'x' }, [user('x')]],
  ])('turns %s', (_case, value, messages) => {
    expect(normalizePromptOutput(value)).toEqual(messages)
  })

  it('passes a messages array through untouched (same array, any element shape)', () => {
    const messages = [{ role: 'user', content: { type: 'text', text: 'm1' } }, { role: 'assistant', content: 'm2' }, 42]
    expect(normalizePromptOutput({ messages })).toBe(messages)
  })

  it.each<[string, unknown]>([
    ['a number', 42], ['a boolean', true], ['null', null], ['undefined', undefined], ['an empty object', {}],
    ['an array', ['a']], ['an array of messages', [{ role: 'user' }]], ['a non-string content', { content: 1 }],
    ['a messages object', { messages: {} }], ['a content object', { content: { type: 'text', text: 'x' } }],
  ])('rejects %s as an unsupported shape', (_case, value) => {
    expect(() => normalizePromptOutput(value)).toThrowError(
      new SkillsError('prompt handler returned unsupported shape; expected string, { content }, or { messages: [...] }'),
    )
  })
})
