import type { IIIClient } from 'iii-sdk'
import { describe, expect, it } from 'vitest'
import { sdkBackend } from '../../src/mcp/sdk-backend.js'

type Answer = (payload: Record<string, unknown>) => unknown

/** An iii client whose trigger answers from a table and records every call. */
function client(answers: Record<string, Answer>) {
  const calls: Array<{ function_id: string; payload: unknown; timeoutMs?: number }> = []
  const iii = {
    trigger: async (request: { function_id: string; payload: Record<string, unknown>; timeoutMs?: number }) => {
      calls.push(request)
      const answer = answers[request.function_id]
      if (!answer) throw new Error(`Function ${request.function_id} not found`)
      return answer(request.payload)
    },
  }
  return { iii: iii as unknown as IIIClient, calls }
}

describe('sdkBackend', () => {
  it('triggers a function with the payload and the timeout', async () => {
    const { iii, calls } = client({ 'skill::fetch': () => 'text' })
    expect(await sdkBackend(iii, 1234).invoke('skill::fetch', { uri: 'iii://a' })).toBe('text')
    expect(calls).toEqual([{ function_id: 'skill::fetch', payload: { uri: 'iii://a' }, timeoutMs: 1234 }])
  })

  it('lists functions and reads the missing input schemas from engine::functions::info, 32 ids a call', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `demo::f${i}`)
    const { iii, calls } = client({
      'engine::functions::list': () => ({
        functions: [
          { function_id: 'skill::fetch', request_format: { type: 'object', title: 'Own' } },
          { function_id: 'skills::register' },
          ...ids.map((function_id) => ({ function_id })),
        ],
      }),
      'engine::functions::info': (payload) => ({
        functions: (payload.function_ids as string[]).map((function_id) =>
          function_id === 'demo::f1' ? { function_id, error: 'not_found' } : { function_id, request_schema: { type: 'object', title: function_id } },
        ),
      }),
    })
    const functions = await sdkBackend(iii, 1000).listFunctions()
    expect(functions.slice(0, 4)).toEqual([
      { function_id: 'skill::fetch', request_format: { type: 'object', title: 'Own' } },
      { function_id: 'skills::register' },
      { function_id: 'demo::f0', request_format: { type: 'object', title: 'demo::f0' } },
      { function_id: 'demo::f1' },
    ])
    expect(functions.at(-1)).toEqual({ function_id: 'demo::f39', request_format: { type: 'object', title: 'demo::f39' } })
    const infoBatches = calls.filter((c) => c.function_id === 'engine::functions::info').map((c) => (c.payload as { function_ids: string[] }).function_ids.length)
    expect(infoBatches).toEqual([32, 8])
  })

  it('accepts a bare array listing and keeps the empty schema when info fails', async () => {
    const { iii } = client({ 'engine::functions::list': () => [{ function_id: 'demo::x' }, { nope: 1 }] })
    expect(await sdkBackend(iii, 1000).listFunctions()).toEqual([{ function_id: 'demo::x' }])
  })
})
