/**
 * E18.2 on the method table: in the full profile a `tools/call` name that `tools/list` does not show
 * is -32602 `Unknown tool: {name}` and the engine is never asked to run it; the bridge profile keeps
 * upstream's forwarding (an `isError` result) and its hidden-id refusal. E18.4: the full profile's
 * input schemas are portable, the bridge's are `request_format` as upstream publishes it.
 */
import { describe, expect, it } from 'vitest'
import { dispatch, type MethodContext } from '../../src/mcp/methods.js'
import { fakeBackend } from './fake-backend.js'
import { silentLogger } from '../support/silent-logger.js'

const FUNCTIONS = [
  { function_id: 'skill::search', request_format: { type: 'object', required: ['query'], properties: { query: { type: 'string' }, limit: { type: ['integer', 'null'] } } } },
  { function_id: 'demo::echo' },
  { function_id: 'state::get' },
]

function context(profile: MethodContext['profile']) {
  const backend = fakeBackend({ functions: FUNCTIONS, handlers: { 'demo::echo': (data) => data } })
  return { backend, ctx: { backend, log: silentLogger(), serverVersion: '0', profile } satisfies MethodContext }
}

describe('tools/call of a tool tools/list never showed (E18.2)', () => {
  it.each(['test_missing_capability', 'demo__ech', 'state__get', 'skills__fetch_skill'])('full profile: %s is -32602 Unknown tool, never invoked', async (name) => {
    const { backend, ctx } = context('full')
    await expect(dispatch('tools/call', { name, arguments: {} }, ctx)).rejects.toMatchObject({ code: -32602, message: `Unknown tool: ${name}` })
    expect(backend.calls).toEqual([])
  })

  it('full profile: a listed tool still runs', async () => {
    const { backend, ctx } = context('full')
    expect(await dispatch('tools/call', { name: 'demo__echo', arguments: { a: 1 } }, ctx)).toMatchObject({ structuredContent: { a: 1 } })
    expect(backend.calls).toEqual([{ functionId: 'demo::echo', data: { a: 1 } }])
  })

  it('bridge profile: forwarded as upstream, the failure an isError result', async () => {
    const { backend, ctx } = context('bridge')
    expect(await dispatch('tools/call', { name: 'nope__x', arguments: {} }, ctx)).toEqual({
      content: [{ type: 'text', text: 'remote error (function_not_found): Function nope::x not found' }],
      isError: true,
    })
    expect(backend.calls).toEqual([{ functionId: 'nope::x', data: {} }])
    await expect(dispatch('tools/call', { name: 'state__get' }, ctx)).rejects.toMatchObject({ code: -32602, message: 'tool name resolves to a hidden iii function id' })
  })
})

describe('tools/list input schemas (E18.4)', () => {
  it('full profile: one type per field; bridge profile: request_format as published', async () => {
    const limitOf = async (profile: MethodContext['profile']) => {
      const { tools } = await dispatch('tools/list', {}, context(profile).ctx) as { tools: Array<{ name: string; inputSchema: { properties: { limit: unknown } } }> }
      return tools.find((tool) => tool.name === 'skill__search')!.inputSchema.properties.limit
    }
    expect(await limitOf('full')).toEqual({ type: 'integer' })
    expect(await limitOf('bridge')).toEqual({ type: ['integer', 'null'] })
  })
})
