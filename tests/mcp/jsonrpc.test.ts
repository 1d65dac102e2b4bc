import { describe, expect, it } from 'vitest'
import { classifyFrame, rpcId } from '../../src/mcp/jsonrpc.js'

describe('rpcId', () => {
  it.each([
    ['a', 'a'],
    ['', ''],
    [0, 0],
    [-(2 ** 63), -(2 ** 63)],
    [2 ** 53, 2 ** 53],
    [2 ** 63, undefined],
    [1.5, undefined],
    [null, undefined],
    [true, undefined],
    [[1], undefined],
    [{}, undefined],
    [undefined, undefined],
  ])('%j → %j', (value, id) => {
    expect(rpcId(value)).toBe(id)
  })
})

describe('classifyFrame', () => {
  it('reads method, id and params of a request', () => {
    expect(classifyFrame({ jsonrpc: '2.0', id: 'q', method: 'm', params: { a: 1 }, extra: true })).toEqual({
      kind: 'request',
      id: 'q',
      method: 'm',
      params: { a: 1 },
    })
  })

  it('treats missing params as null', () => {
    expect(classifyFrame({ jsonrpc: '2.0', id: 1, method: 'm' })).toEqual({ kind: 'request', id: 1, method: 'm', params: null })
  })

  it('checks batches before anything else', () => {
    expect(classifyFrame([{ jsonrpc: '2.0', id: 1, method: 'm' }])).toEqual({
      kind: 'reply',
      response: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Batch requests are not supported' } },
    })
  })

  it('checks the request shape before the notification rule', () => {
    expect(classifyFrame({ jsonrpc: '2.0' })).toEqual({
      kind: 'reply',
      response: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid JSON-RPC request' } },
    })
  })
})
