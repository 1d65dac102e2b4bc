/** `skills::rpc`'s registration: internal, and formats published from the zod schemas that validate it. */
import { describe, expect, it } from 'vitest'
import { parseInput } from '../../src/schemas/parse.js'
import { RPC_FUNCTION, RpcHttpResponse } from '../../src/schemas/rpc.js'

describe('skills::rpc', () => {
  it('is internal', () => {
    expect([RPC_FUNCTION.id, RPC_FUNCTION.metadata]).toEqual(['skills::rpc', { internal: true }])
  })

  it('publishes the request envelope it validates', () => {
    const map = { additionalProperties: { type: 'string' }, type: 'object' }
    expect(RPC_FUNCTION.request_format).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      properties: {
        body: { description: 'The parsed POST body: one JSON-RPC 2.0 request object.' },
        headers: { ...map, description: 'Request headers, names in lower case.' },
        method: { description: 'The HTTP method, `POST`.', type: 'string' },
        path: { description: 'The route path as bound, e.g. `skills/rpc`.', type: 'string' },
        path_params: map,
        query_params: map,
      },
      title: 'RpcHttpRequest',
      type: 'object',
    })
  })

  it('publishes the reply shape with the JSON-RPC response as a definition', () => {
    const format = RPC_FUNCTION.response_format as { title: string; required: string[]; definitions: Record<string, { required: string[] }> }
    expect([format.title, format.required, Object.keys(format.definitions)]).toEqual([
      'RpcHttpResponse', ['body', 'headers', 'status_code'], ['RpcErrorObject', 'RpcResponse'],
    ])
    expect(format.definitions.RpcResponse?.required).toEqual(['id', 'jsonrpc'])
  })

  it('ignores unknown envelope fields (the engine adds trigger, channels and _caller_worker_id)', () => {
    const input = { body: { jsonrpc: '2.0' }, trigger: { type: 'http' }, _caller_worker_id: 'w' }
    expect(parseInput(RPC_FUNCTION.input, input)).toEqual({ body: { jsonrpc: '2.0' } })
  })

  it('names the field of a misstated envelope', () => {
    expect(() => parseInput(RPC_FUNCTION.input, { headers: { a: 1 }, body: null })).toThrow(
      'invalid type for field `headers.a`: expected string, got integer',
    )
    expect(() => parseInput(RPC_FUNCTION.input, 'x')).toThrow('invalid payload: expected object, got string')
  })

  it('types what the handler returns', () => {
    expect(RpcHttpResponse.safeParse({ status_code: 204, headers: {}, body: null }).success).toBe(true)
    expect(RpcHttpResponse.safeParse({ status_code: 200, headers: {}, body: { jsonrpc: '2.0', id: 1, result: {} } }).success).toBe(true)
  })
})
