import { afterEach, describe, expect, it } from 'vitest'
import type { McpHttpServer } from '../../src/mcp/index.js'
import { fakeBackend, invocationFailed, type FakeBackendOptions } from './fake-backend.js'
import { request, rpc, startOnFreePort } from './http.js'

let server: McpHttpServer

afterEach(async () => {
  await server?.close()
})

async function start(options: FakeBackendOptions = {}, serverVersion?: string) {
  const backend = fakeBackend(options)
  server = await startOnFreePort(backend, serverVersion === undefined ? {} : { serverVersion })
  return backend
}

describe('initialize and ping', () => {
  it('answers initialize with 2025-06-18 whatever the client asked for', async () => {
    await start()
    const reply = await rpc(server.url, request('initialize', { protocolVersion: '1999-01-01', capabilities: {}, clientInfo: { name: 'c', version: '1' } }))
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: '2025-06-18',
        capabilities: { tools: {}, resources: {}, prompts: {} },
        serverInfo: { name: 'mcp', version: '0.5.8' },
      },
    })
  })

  it('reports the given server version', async () => {
    await start({}, '9.9.9')
    expect((await rpc(server.url, request('initialize'))).result).toMatchObject({ serverInfo: { name: 'mcp', version: '9.9.9' } })
  })

  it('answers any method without a prior initialize', async () => {
    const backend = await start({ handlers: { 'prompts::mcp-list': () => ({ prompts: [] }) } })
    expect((await rpc(server.url, request('prompts/list'))).result).toEqual({ prompts: [] })
    expect(backend.calls).toHaveLength(1)
  })

  it('answers ping with an empty object', async () => {
    await start()
    expect((await rpc(server.url, request('ping', { _meta: {} }))).result).toEqual({})
  })
})

describe('unknown methods', () => {
  it.each([
    'foo/bar',
    'completion/complete',
    'resources/subscribe',
    'resources/unsubscribe',
    'logging/setLevel',
    'sampling/createMessage',
    'notifications/initialized',
    'constructor',
    '__proto__',
    'toString',
    '',
  ])('answers %j with -32601 naming the method', async (method) => {
    await start()
    expect(await rpc(server.url, request(method, {}, 'm'))).toEqual({
      jsonrpc: '2.0',
      id: 'm',
      error: { code: -32601, message: `Method not found: ${method}` },
    })
  })
})

describe('tools/list', () => {
  const functions = [
    { function_id: 'skill::fetch', description: 'Fetch.', request_format: { $schema: 'http://json-schema.org/draft-07/schema#', title: 'FetchSkillInput', type: 'object', properties: { uri: { type: ['string', 'null'] } } } },
    { function_id: 'demo::nested::echo', request_format: { name: 'echo-input', description: 'dropped', type: 'string', required: ['msg'], definitions: { A: { type: 'string' } }, properties: { msg: { $ref: '#/definitions/A' } } } },
    { function_id: 'plain', description: 'No schema.' },
    { function_id: 'array-format', request_format: [1, 2] },
    { function_id: 'engine::functions::list' },
    { function_id: 'state::get' },
    { function_id: 'stream::x' },
    { function_id: 'iii.x' },
    { function_id: 'iii::x' },
    { function_id: 'mcp::handler' },
    { function_id: 'a2a::x' },
    { function_id: 'skills::register' },
    { function_id: 'prompts::mcp-get' },
  ]

  it('lists every function outside the 9 hidden prefixes, in listing order', async () => {
    await start({ functions })
    const reply = await rpc(server.url, request('tools/list'))
    expect(reply.result).toEqual({
      tools: [
        {
          name: 'skill__fetch',
          description: 'Fetch.',
          inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', title: 'FetchSkillInput', type: 'object', properties: { uri: { type: ['string', 'null'] } } },
        },
        {
          name: 'demo__nested__echo',
          description: '',
          inputSchema: { type: 'object', required: ['msg'], definitions: { A: { type: 'string' } }, properties: { msg: { $ref: '#/definitions/A' } } },
        },
        { name: 'plain', description: 'No schema.', inputSchema: { type: 'object', properties: {} } },
        { name: 'array-format', description: '', inputSchema: { type: 'object', properties: {} } },
      ],
    })
  })

  it('skips listing entries without a string function_id', async () => {
    await start({ listFunctions: async () => [null, 'x', { description: 'no id' }, { function_id: 5 }, { function_id: 'ok' }] as never })
    expect((await rpc(server.url, request('tools/list'))).result).toEqual({
      tools: [{ name: 'ok', description: '', inputSchema: { type: 'object', properties: {} } }],
    })
  })

  it('answers a failed function listing with -32603 and the error display string', async () => {
    await start({ listFunctions: async () => Promise.reject(invocationFailed('engine down')) })
    expect((await rpc(server.url, request('tools/list'))).error).toEqual({ code: -32603, message: 'remote error (invocation_failed): engine down' })
  })
})

describe('tools/call', () => {
  const handlers = {
    'skill::fetch': () => '# iii://alpha\n\nAlpha body line.',
    'demo::nested::echo': (data: unknown) => ({ echoed: data, b: [1, { z: 1, a: 2 }] }),
    'demo::list': () => [1, 'two'],
    'demo::number': () => 42,
    'demo::null': () => null,
    'demo::nothing': () => undefined,
    'demo::boom': () => {
      throw new Error('kapow')
    },
  }

  it('passes an object arguments value through and returns text plus structuredContent', async () => {
    const backend = await start({ handlers })
    const reply = await rpc(server.url, request('tools/call', { name: 'demo__nested__echo', arguments: { msg: 'hi' } }))
    expect(backend.calls).toEqual([{ functionId: 'demo::nested::echo', data: { msg: 'hi' } }])
    expect(reply.result).toEqual({
      content: [{ type: 'text', text: '{\n  "b": [\n    1,\n    {\n      "a": 2,\n      "z": 1\n    }\n  ],\n  "echoed": {\n    "msg": "hi"\n  }\n}' }],
      structuredContent: { echoed: { msg: 'hi' }, b: [1, { z: 1, a: 2 }] },
    })
  })

  it.each([
    ['skill__fetch', { content: [{ type: 'text', text: '# iii://alpha\n\nAlpha body line.' }] }],
    ['demo__list', { content: [{ type: 'text', text: '[\n  1,\n  "two"\n]' }] }],
    ['demo__number', { content: [{ type: 'text', text: '42' }] }],
    ['demo__null', { content: [{ type: 'text', text: 'null' }] }],
    ['demo__nothing', { content: [{ type: 'text', text: 'null' }] }],
  ])('wraps the result of %s as text only', async (name, result) => {
    await start({ handlers })
    expect((await rpc(server.url, request('tools/call', { name, arguments: {} }))).result).toEqual(result)
  })

  it.each([
    ['missing', undefined],
    ['null', null],
    ['a string', 'x'],
    ['an array', [1]],
  ])('sends {} when arguments is %s', async (_label, args) => {
    const backend = await start({ handlers })
    await rpc(server.url, request('tools/call', args === undefined ? { name: 'demo__number' } : { name: 'demo__number', arguments: args }))
    expect(backend.calls).toEqual([{ functionId: 'demo::number', data: {} }])
  })

  it('reports a failing function as an isError tool result', async () => {
    await start({ handlers })
    expect((await rpc(server.url, request('tools/call', { name: 'demo__boom', arguments: {} }))).result).toEqual({
      content: [{ type: 'text', text: 'remote error (invocation_failed): kapow' }],
      isError: true,
    })
  })

  it('reports an unknown tool as an isError tool result', async () => {
    await start({ handlers })
    expect((await rpc(server.url, request('tools/call', { name: 'nope__x' }))).result).toEqual({
      content: [{ type: 'text', text: 'remote error (function_not_found): Function nope::x not found' }],
      isError: true,
    })
  })

  it.each([
    ['no params', undefined],
    ['null params', null],
    ['array params', ['skill__fetch']],
    ['no name', { arguments: {} }],
    ['an empty name', { name: '' }],
    ['a numeric name', { name: 5 }],
  ])('rejects %s with -32602', async (_label, params) => {
    const backend = await start({ handlers })
    expect((await rpc(server.url, request('tools/call', params))).error).toEqual({
      code: -32602,
      message: 'tools/call requires a non-empty string name',
    })
    expect(backend.calls).toEqual([])
  })

  it.each(['engine__functions__list', 'state__get', 'skills__fetch_skill', 'prompts__mcp-get', 'mcp__handler', 'iii__x', 'a2a__x', 'stream__x'])(
    'refuses %s, which resolves to a hidden id, with -32602',
    async (name) => {
      const backend = await start({ handlers })
      expect((await rpc(server.url, request('tools/call', { name, arguments: {} }))).error).toEqual({
        code: -32602,
        message: 'tool name resolves to a hidden iii function id',
      })
      expect(backend.calls).toEqual([])
    },
  )
})
