/**
 * `skills::rpc`'s JSON-RPC mapping with an injected dispatch table (no discovery functions needed):
 * framing, every error code, the HTTP reply, and that params go through the target's own schema.
 */
import { InvocationError } from 'iii-sdk/errors'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { SkillsError } from '../../src/core/errors.js'
import { answerRpc, rpcHandler, rpcHttpReply, RPC_METHODS, type RpcDispatch } from '../../src/functions/rpc.js'
import { fakeDeps } from './fake-deps.js'

class CallerFault extends Error {}

const calls: Array<{ functionId: string; input: unknown }> = []

/** Each method's function echoes its parsed input, or throws what `input.fail` names. */
function dispatch(available = Object.values(RPC_METHODS)): RpcDispatch {
  return {
    target(functionId) {
      if (!available.includes(functionId)) return undefined
      return {
        input: z.object({ name: z.string().optional(), limit: z.number().int().default(50), fail: z.string().optional() }),
        handle: async (input: { fail?: string }) => {
          calls.push({ functionId, input })
          if (input.fail === 'caller') throw new CallerFault('Skill not found: nope')
          if (input.fail === 'skills') throw new SkillsError('state::get: boom')
          if (input.fail === 'engine') throw new InvocationError({ code: 'TIMEOUT', message: 'invocation timed out after 10ms' })
          return { function: functionId, input }
        },
      }
    },
    isInvalidParams: (error) => error instanceof CallerFault,
  }
}

async function answer(body: unknown, table = dispatch()) {
  calls.length = 0
  return answerRpc(body, fakeDeps().deps, table)
}

describe('answerRpc: methods', () => {
  it.each(Object.entries(RPC_METHODS))('dispatches %s to %s with params parsed by its schema', async (method, functionId) => {
    expect(await answer({ jsonrpc: '2.0', id: 1, method, params: { name: 'pdf', _ignored: true } })).toEqual({
      jsonrpc: '2.0', id: 1, result: { function: functionId, input: { name: 'pdf', limit: 50 } },
    })
    expect(calls).toEqual([{ functionId, input: { name: 'pdf', limit: 50 } }])
  })

  it('treats absent params as {}', async () => {
    expect(await answer({ jsonrpc: '2.0', id: 'a', method: 'list_skills' })).toEqual({
      jsonrpc: '2.0', id: 'a', result: { function: 'skill::list_skills', input: { limit: 50 } },
    })
  })

  it.each([['a string id', 'x-1'], ['a number id', 7], ['a fractional id', 1.5], ['a null id', null]])('echoes %s', async (_label, id) => {
    expect(await answer({ jsonrpc: '2.0', id, method: 'list_skills' })).toMatchObject({ id })
  })

  it('answers -32601 for an unknown method, naming it', async () => {
    expect(await answer({ jsonrpc: '2.0', id: 2, method: 'tools/list' })).toEqual({
      jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found: tools/list' },
    })
    expect(await answer({ jsonrpc: '2.0', id: 3, method: 'toString' })).toEqual({
      jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found: toString' },
    })
  })

  it('answers -32601 for a method whose function this worker does not serve', async () => {
    expect(await answer({ jsonrpc: '2.0', id: 4, method: 'describe_skill' }, dispatch(['skill::list_skills']))).toEqual({
      jsonrpc: '2.0', id: 4, error: { code: -32601, message: 'Method not found: describe_skill' },
    })
  })

  it('answers -32602 with the schema message for invalid params, without calling the function', async () => {
    expect(await answer({ jsonrpc: '2.0', id: 5, method: 'list_skills', params: { limit: 'ten' } })).toEqual({
      jsonrpc: '2.0', id: 5, error: { code: -32602, message: 'invalid type for field `limit`: expected integer, got string' },
    })
    expect(await answer({ jsonrpc: '2.0', id: 6, method: 'list_skills', params: [1] })).toEqual({
      jsonrpc: '2.0', id: 6, error: { code: -32602, message: 'invalid payload: expected object, got array' },
    })
    expect(calls).toEqual([])
  })

  it('answers -32602 with the function message when the failure is the caller\'s', async () => {
    expect(await answer({ jsonrpc: '2.0', id: 7, method: 'describe_skill', params: { fail: 'caller' } })).toEqual({
      jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'Skill not found: nope' },
    })
  })

  it.each([
    ['a worker error', 'skills', 'state::get: boom'],
    ['an engine error', 'engine', 'TIMEOUT: invocation timed out after 10ms'],
  ])('answers -32603 for %s', async (_label, fail, message) => {
    expect(await answer({ jsonrpc: '2.0', id: 8, method: 'read_skill_file', params: { fail } })).toEqual({
      jsonrpc: '2.0', id: 8, error: { code: -32603, message },
    })
  })
})

describe('answerRpc: framing', () => {
  it.each([
    ['an empty batch', []],
    ['a batch of requests', [{ jsonrpc: '2.0', id: 1, method: 'list_skills' }]],
  ])('rejects %s with -32600 and a null id', async (_label, body) => {
    expect(await answer(body)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Batch requests are not supported' } })
    expect(calls).toEqual([])
  })

  it.each([
    ['null (no body)', null, null],
    ['a string', 'list_skills', null],
    ['a number', 1, null],
    ['an object without jsonrpc', { id: 1, method: 'list_skills' }, 1],
    ['jsonrpc 1.0', { jsonrpc: '1.0', id: 'a', method: 'list_skills' }, 'a'],
    ['a missing method', { jsonrpc: '2.0', id: 2 }, 2],
    ['a method that is not a string', { jsonrpc: '2.0', id: 3, method: 7 }, 3],
    ['an object id', { jsonrpc: '2.0', id: {}, method: 'list_skills' }, null],
    ['a boolean id', { jsonrpc: '2.0', id: true, method: 'list_skills' }, null],
    ['string params', { jsonrpc: '2.0', id: 4, method: 'list_skills', params: 'x' }, 4],
    ['null params', { jsonrpc: '2.0', id: 5, method: 'list_skills', params: null }, 5],
    ['a notification without method', { jsonrpc: '2.0' }, null],
  ])('rejects %s with -32600, echoing a usable id', async (_label, body, id) => {
    expect(await answer(body)).toEqual({ jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid JSON-RPC request' } })
    expect(calls).toEqual([])
  })

  it.each([
    ['a known method', { jsonrpc: '2.0', method: 'list_skills' }],
    ['an unknown method', { jsonrpc: '2.0', method: 'nope' }],
    ['invalid params', { jsonrpc: '2.0', method: 'list_skills', params: { limit: 'x' } }],
  ])('answers a notification with %s with nothing and runs nothing', async (_label, body) => {
    expect(await answer(body)).toBeUndefined()
    expect(calls).toEqual([])
  })
})

describe('the HTTP reply', () => {
  it('is 200 application/json with the JSON-RPC response', () => {
    const response = { jsonrpc: '2.0' as const, id: 1, result: {} }
    expect(rpcHttpReply(response)).toEqual({ status_code: 200, headers: { 'content-type': 'application/json' }, body: response })
  })

  it('is 204 without a body for a notification', () => {
    expect(rpcHttpReply(undefined)).toEqual({ status_code: 204, headers: { 'content-type': 'application/json' }, body: null })
  })

  it('reads the JSON-RPC request from the envelope body', async () => {
    const handle = rpcHandler(dispatch())
    const envelope = { path: 'skills/rpc', method: 'POST', path_params: {}, query_params: {}, headers: {}, body: { jsonrpc: '2.0', id: 9, method: 'list_skills' } }
    expect(await handle(envelope, fakeDeps().deps)).toEqual({
      status_code: 200,
      headers: { 'content-type': 'application/json' },
      body: { jsonrpc: '2.0', id: 9, result: { function: 'skill::list_skills', input: { limit: 50 } } },
    })
  })
})
