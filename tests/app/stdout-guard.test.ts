import { describe, expect, it } from 'vitest'
import { frameStream } from '../../src/app/stdout-guard.js'

describe('the --stdio frame stream (E16.2)', () => {
  it('passes each frame on as the string the transport wrote', async () => {
    const seen: Array<[string, unknown, string]> = []
    const frames = frameStream((chunk, encoding, callback) => {
      seen.push([typeof chunk, chunk, encoding])
      callback()
    })
    await new Promise<void>((resolve) => frames.write('{"id":1}\n', () => resolve()))
    await new Promise<void>((resolve) => frames.write('{"id":2}\n', () => resolve()))
    expect(seen).toEqual([['string', '{"id":1}\n', 'utf8'], ['string', '{"id":2}\n', 'utf8']])
  })

  it('reports a failed write to the writer', async () => {
    const frames = frameStream((_chunk, _encoding, callback) => callback(new Error('EPIPE')))
    const error = await new Promise<Error | null | undefined>((resolve) => frames.write('x\n', resolve))
    expect(error?.message).toBe('EPIPE')
  })
})
