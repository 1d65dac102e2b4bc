import { GetPromptResultSchema } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it } from 'vitest'
import { invalidPromptMessage } from '../../src/core/prompt-messages.js'

const text = (extra: Record<string, unknown> = {}) => ({ role: 'user', content: { type: 'text', text: 'hi', ...extra } })
const with_ = (content: unknown, role: unknown = 'assistant') => ({ role, content })
const PREFIX = 'prompt handler returned an invalid prompt message: '

const VALID: Array<[string, unknown]> = [
  ['a text message', text()],
  ['an assistant text message', with_({ type: 'text', text: '' })],
  ['text with annotations and _meta', text({ annotations: { audience: ['user'] }, _meta: { k: null } })],
  ['unknown keys, even null ones', { ...text({ mimeType: null, extra: null }), extra: null }],
  ['an image', with_({ type: 'image', data: 'aGk=', mimeType: 'image/png' })],
  ['audio', with_({ type: 'audio', data: 'aGk=', mimeType: 'audio/wav' })],
  ['a resource link', with_({ type: 'resource_link', uri: 'iii://a', name: 'a', title: 'A', size: 3, icons: [] })],
  ['an embedded text resource', with_({ type: 'resource', resource: { uri: 'iii://a', text: 'x', mimeType: 'text/markdown' } })],
  ['an embedded blob resource', with_({ type: 'resource', resource: { uri: 'iii://a', blob: 'aGk=' } })],
]

const INVALID: Array<[string, unknown, string]> = [
  ['a string', 'hi', 'messages[0] must be an object'],
  ['an array', [text()], 'messages[0] must be an object'],
  ['null', null, 'messages[0] must be an object'],
  ['a system role', with_({ type: 'text', text: 'x' }, 'system'), 'messages[0].role must be "user" or "assistant"'],
  ['no role', { content: { type: 'text', text: 'x' } }, 'messages[0].role must be "user" or "assistant"'],
  ['string content', with_('hi'), 'messages[0].content must be one content block object (not an array or a string)'],
  ['array content', with_([{ type: 'text', text: 'x' }]), 'messages[0].content must be one content block object (not an array or a string)'],
  ['no content', { role: 'user' }, 'messages[0].content must be one content block object (not an array or a string)'],
  ['an unknown block type', with_({ type: 'video', data: 'x' }),
    'messages[0].content.type must be "text", "image", "audio", "resource_link" or "resource"'],
  ['a type inherited from Object.prototype', with_({ type: 'toString' }),
    'messages[0].content.type must be "text", "image", "audio", "resource_link" or "resource"'],
  ['text without text', with_({ type: 'text' }), 'messages[0].content.text must be a string'],
  ['text with a number', with_({ type: 'text', text: 1 }), 'messages[0].content.text must be a string'],
  ['an image without mimeType', with_({ type: 'image', data: 'aGk=' }), 'messages[0].content.mimeType must be a string'],
  ['a resource link without name', with_({ type: 'resource_link', uri: 'iii://a' }), 'messages[0].content.name must be a string'],
  ['a resource link with a string size', with_({ type: 'resource_link', uri: 'u', name: 'n', size: '3' }),
    'messages[0].content.size must be a number or left out (not null)'],
  ['a null description', with_({ type: 'resource_link', uri: 'u', name: 'n', description: null }),
    'messages[0].content.description must be a string or left out (not null)'],
  ['null annotations', text({ annotations: null }), 'messages[0].content.annotations must be an object or left out (not null)'],
  ['null _meta', text({ _meta: null }), 'messages[0].content._meta must be an object or left out (not null)'],
  ['an embedded resource without text or blob', with_({ type: 'resource', resource: { uri: 'u' } }),
    'messages[0].content.resource must be an object with a string uri and a string text or blob'],
  ['an embedded resource with a null mimeType', with_({ type: 'resource', resource: { uri: 'u', text: 'x', mimeType: null } }),
    'messages[0].content.resource.mimeType must be a string or left out (not null)'],
]

describe('invalidPromptMessage', () => {
  it.each(VALID)('accepts %s', (_case, message) => {
    expect(invalidPromptMessage([message])).toBeUndefined()
  })

  it.each(INVALID)('rejects %s, naming the field', (_case, message, reason) => {
    expect(invalidPromptMessage([message])).toBe(PREFIX + reason)
  })

  it('accepts an empty array and names the first bad message by index', () => {
    expect(invalidPromptMessage([])).toBeUndefined()
    expect(invalidPromptMessage([text(), text(), with_('x'), 'y'])).toBe(
      `${PREFIX}messages[2].content must be one content block object (not an array or a string)`,
    )
  })

  // The checks stand for the MCP SDK's own schema: what it rejects, the worker rejects first.
  it.each([...VALID.map(([c, m]) => [c, m, true] as const), ...INVALID.map(([c, m]) => [c, m, false] as const)])(
    'agrees with @modelcontextprotocol/sdk GetPromptResultSchema on %s',
    (_case, message, valid) => {
      expect(GetPromptResultSchema.safeParse({ messages: [message] }).success).toBe(valid)
    },
  )
})
