import { describe, expect, it } from 'vitest'
import { decodeFrame } from '../../src/embedded/protocol.js'

const UUID = '0b7f2a52-3f0e-4b1e-9c39-1a2b3c4d5e6f'
const strict = { strict: true }

describe('decodeFrame', () => {
  it.each([
    ['invokefunction without data', { type: 'invokefunction', invocation_id: UUID, function_id: 'a::b' }, 'missing field `data`'],
    ['an invalid invocation id', { type: 'invokefunction', invocation_id: 'nope', function_id: 'a::b', data: {} }, 'UUID parsing failed: "nope"'],
    ['registertrigger without config', { type: 'registertrigger', id: 't', trigger_type: 'x', function_id: 'f' }, 'missing field `config`'],
    ['registertriggertype without description', { type: 'registertriggertype', id: 'x' }, 'missing field `description`'],
    ['unregistertriggertype (absent from 0.22.1)', { type: 'unregistertriggertype', id: 'x', description: 'd' }, 'unknown variant `unregistertriggertype`'],
    ['an unknown type', { type: 'bogus' }, 'unknown variant `bogus`'],
    ['a frame without type', { id: 'x' }, 'missing field `type`'],
    ['a non-string function id', { type: 'invokefunction', function_id: 7, data: {} }, 'invalid type: integer `7`, expected a string'],
    ['an enqueue action without queue', { type: 'invokefunction', function_id: 'a', data: {}, action: { type: 'enqueue' } }, 'missing field `queue`'],
    ['an error body without message', { type: 'invocationresult', invocation_id: UUID, function_id: 'a', error: { code: 'x' } }, 'missing field `message`'],
    ['invocationresult without function_id', { type: 'invocationresult', invocation_id: UUID }, 'missing field `function_id`'],
  ])('drops %s', (_name, frame, reason) => {
    const decoded = decodeFrame(JSON.stringify(frame), strict)
    expect('error' in decoded && decoded.error).toContain(reason)
  })

  it.each([
    ['text that is not JSON', '{"type":'],
    ['a JSON array', '[1]'],
    ['a frame nested 128 levels deep', `{"type":"invokefunction","function_id":"a","data":${'['.repeat(127)}${']'.repeat(127)}}`],
  ])('drops %s', (_name, text) => {
    expect('error' in decodeFrame(text, strict)).toBe(true)
  })

  it('accepts a frame nested 127 levels deep', () => {
    const text = `{"type":"invokefunction","function_id":"a","data":${'['.repeat(126)}${']'.repeat(126)}}`
    expect('message' in decodeFrame(text, strict)).toBe(true)
  })

  it('ignores unknown fields such as the SDK-leaked message_type', () => {
    const frame = { type: 'registertrigger', id: 't', trigger_type: 'x', function_id: 'f', config: {}, message_type: 'registertrigger', extra: 1 }
    expect(decodeFrame(JSON.stringify(frame), strict)).toEqual({
      message: { type: 'registertrigger', id: 't', trigger_type: 'x', function_id: 'f', config: {} },
    })
  })

  it('normalises invocation ids to lowercase hyphenated UUIDs like the uuid crate', () => {
    const frame = { type: 'invokefunction', invocation_id: UUID.toUpperCase().replaceAll('-', ''), function_id: 'a', data: null }
    expect(decodeFrame(JSON.stringify(frame), strict)).toMatchObject({ message: { invocation_id: UUID } })
  })

  it('treats null optional fields as absent', () => {
    const frame = { type: 'invokefunction', invocation_id: null, function_id: 'a', data: 1, metadata: null, action: null }
    expect(decodeFrame(JSON.stringify(frame), strict)).toEqual({ message: { type: 'invokefunction', function_id: 'a', data: 1 } })
  })

  it('accepts a missing data as null in lenient mode', () => {
    const frame = { type: 'invokefunction', function_id: 'a' }
    expect(decodeFrame(JSON.stringify(frame), { strict: false })).toEqual({
      message: { type: 'invokefunction', function_id: 'a', data: null },
    })
  })
})
