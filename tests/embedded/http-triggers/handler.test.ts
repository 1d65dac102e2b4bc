import { describe, expect, it } from 'vitest'
import { errorId, parseBody } from '../../../src/embedded/http-triggers/handler.js'

describe('parseBody', () => {
  it('reads an empty body as null and JSON as its value', () => {
    expect(parseBody(Buffer.alloc(0))).toEqual({ ok: true, value: null })
    expect(parseBody(Buffer.from('{"a":[1,"x"]}'))).toEqual({ ok: true, value: { a: [1, 'x'] } })
    expect(parseBody(Buffer.from(' "s" '))).toEqual({ ok: true, value: 's' })
  })

  it.each([
    ['text that is not JSON', Buffer.from('a=b')],
    ['truncated JSON', Buffer.from('{"a":')],
    ['bytes that are not UTF-8', Buffer.from([0x22, 0xff, 0x22])],
    ['JSON nested deeper than the engine decodes', Buffer.from('['.repeat(128) + ']'.repeat(128))],
  ])('refuses %s', (_label, bytes) => {
    expect(parseBody(bytes)).toEqual({ ok: false })
  })

  it('accepts the deepest nesting the engine decodes', () => {
    expect(parseBody(Buffer.from('['.repeat(127) + ']'.repeat(127))).ok).toBe(true)
  })
})

describe('errorId', () => {
  it('is at most 12 lower-case hex digits and differs between calls', async () => {
    const first = errorId()
    await new Promise((resolve) => setTimeout(resolve, 2))
    expect(first).toMatch(/^[0-9a-f]{1,12}$/)
    expect(errorId()).not.toBe(first)
  })
})
