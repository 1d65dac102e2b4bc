import { createServer } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startMcpHttp, type McpHttpServer } from '../../src/mcp/index.js'
import { fakeBackend } from './fake-backend.js'
import { eventData, post, request, rpc, startOnFreePort } from './http.js'

let server: McpHttpServer

afterEach(async () => {
  await server?.close()
})

describe('framing', () => {
  beforeEach(async () => {
    server = await startOnFreePort(fakeBackend())
  })

  it('answers a request with exactly one SSE message event carrying compact JSON', async () => {
    const reply = await post(server.url, JSON.stringify(request('ping', undefined, 7)))
    expect(reply.status).toBe(200)
    expect(reply.text).toBe('event: message\ndata: {"jsonrpc":"2.0","id":7,"result":{}}\n\n')
  })

  it('sends the bridge headers on a request reply', async () => {
    const reply = await post(server.url, JSON.stringify(request('ping')))
    expect([reply.headers.get('content-type'), reply.headers.get('cache-control'), reply.headers.get('connection')]).toEqual([
      'text/event-stream',
      'no-cache',
      'keep-alive',
    ])
  })

  it.each([
    ['a string id', 'abc', 'abc'],
    ['an integer id', 42, 42],
    ['a negative integer id', -3, -3],
    ['a zero id', 0, 0],
  ])('echoes %s', async (_label, id, echoed) => {
    expect((await rpc(server.url, request('ping', undefined, id))).id).toEqual(echoed)
  })

  it.each([
    ['no id', '{"jsonrpc":"2.0","method":"notifications/initialized"}'],
    ['a null id', '{"jsonrpc":"2.0","id":null,"method":"ping"}'],
    ['a float id', '{"jsonrpc":"2.0","id":1.5,"method":"ping"}'],
    ['an object id', '{"jsonrpc":"2.0","id":{},"method":"ping"}'],
    ['a boolean id', '{"jsonrpc":"2.0","id":true,"method":"ping"}'],
    ['an id beyond i64', '{"jsonrpc":"2.0","id":9223372036854775808,"method":"ping"}'],
    ['an unknown method without id', '{"jsonrpc":"2.0","method":"nope/nope"}'],
  ])('treats a message with %s as a notification: 202, no body', async (_label, body) => {
    const reply = await post(server.url, body)
    expect([reply.status, reply.text, reply.headers.get('content-type')]).toEqual([202, '', 'text/event-stream'])
  })

  it.each([
    ['an empty array', '[]'],
    ['an array of requests', '[{"jsonrpc":"2.0","id":1,"method":"ping"}]'],
  ])('rejects %s as a batch with -32600 and a null id', async (_label, body) => {
    expect(eventData(await post(server.url, body))).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Batch requests are not supported' },
    })
  })

  it.each([
    ['an empty object', '{}', null],
    ['a wrong jsonrpc version', '{"jsonrpc":"1.0","id":1,"method":"ping"}', 1],
    ['a missing jsonrpc', '{"id":"x","method":"ping"}', 'x'],
    ['a missing method', '{"jsonrpc":"2.0","id":"x"}', 'x'],
    ['a numeric method', '{"jsonrpc":"2.0","id":2,"method":5}', 2],
    ['a float id on an invalid request', '{"jsonrpc":"2.0","id":2.5}', null],
    ['null', 'null', null],
    ['a string', '"ping"', null],
    ['a number', '42', null],
    ['an empty body', '', null],
  ])('rejects %s with -32600 "Invalid JSON-RPC request"', async (_label, body, id) => {
    expect(eventData(await post(server.url, body))).toEqual({
      jsonrpc: '2.0',
      id,
      error: { code: -32600, message: 'Invalid JSON-RPC request' },
    })
  })

  it.each([
    ['malformed JSON', '{"jsonrpc":'],
    ['trailing garbage', '{"jsonrpc":"2.0","id":1,"method":"ping"} x'],
    ['a byte-order mark', '\uFEFF{"jsonrpc":"2.0","id":1,"method":"ping"}'],
    ['whitespace only', '   '],
  ])('answers %s with HTTP 400 and a -32700 JSON body', async (_label, body) => {
    const reply = await post(server.url, body)
    expect([reply.status, reply.headers.get('content-type'), JSON.parse(reply.text)]).toEqual([
      400,
      'application/json',
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
    ])
  })

  it('answers a body that is not UTF-8 with HTTP 400 -32700', async () => {
    const reply = await post(server.url, Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d]))
    expect([reply.status, JSON.parse(reply.text).error]).toEqual([400, { code: -32700, message: 'Parse error' }])
  })

  it('ignores the query string when matching the path', async () => {
    expect((await rpc(`${server.url}?session=1`, request('ping'))).result).toEqual({})
  })
})

describe('HTTP surface', () => {
  beforeEach(async () => {
    server = await startOnFreePort(fakeBackend())
  })

  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('answers %s on the endpoint with 405 and allow: POST', async (method) => {
    const response = await fetch(server.url, { method })
    expect([response.status, response.headers.get('allow')]).toEqual([405, 'POST'])
    await response.body?.cancel()
  })

  it.each([
    ['POST', '/other'],
    ['POST', '/mcp/'],
    ['GET', '/'],
    ['POST', '/MCP'],
  ])('answers %s %s with 404', async (method, path) => {
    const response = await fetch(new URL(path, server.url), { method, body: method === 'POST' ? '{}' : undefined })
    expect(response.status).toBe(404)
    await response.body?.cancel()
  })

  it.each(['https://evil.example', 'null'])('refuses a POST from browser origin %s with 403 before calling anything', async (origin) => {
    const backend = fakeBackend()
    await server.close()
    server = await startOnFreePort(backend)
    const reply = await post(server.url, JSON.stringify(request('tools/call', { name: 'demo__x' })), { origin })
    expect([reply.status, backend.calls]).toEqual([403, []])
  })

  it('serves a POST from a loopback browser origin', async () => {
    const reply = await post(server.url, JSON.stringify(request('ping')), { origin: 'http://localhost:6274' })
    expect(eventData(reply).result).toEqual({})
  })

  it('rejects a declared body over 4 MiB with 413', async () => {
    const reply = await post(server.url, 'x'.repeat(4 * 1024 * 1024 + 1))
    expect(reply.status).toBe(413)
  })

  it('rejects a streamed body over 4 MiB with 413', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x20)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 5) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const response = await fetch(server.url, { method: 'POST', body, duplex: 'half' } as RequestInit)
    expect(response.status).toBe(413)
    await response.body?.cancel()
  })

  it('accepts a body of exactly 4 MiB', async () => {
    const message = JSON.stringify(request('ping'))
    const body = message + ' '.repeat(4 * 1024 * 1024 - message.length)
    expect(eventData(await post(server.url, body)).result).toEqual({})
  })
})

describe('lifecycle', () => {
  it('binds 127.0.0.1 by default and reports a http URL with the path', async () => {
    server = await startOnFreePort(fakeBackend())
    expect([server.host, server.url]).toEqual(['127.0.0.1', `http://127.0.0.1:${server.port}/mcp`])
  })

  it.each([
    ['custom', '/custom'],
    ['/custom', '/custom'],
  ])('serves path option %s at %s', async (path, served) => {
    server = await startOnFreePort(fakeBackend(), { path })
    expect(new URL(server.url).pathname).toBe(served)
    expect((await rpc(server.url, request('ping'))).result).toEqual({})
  })

  it('rejects when the port is taken', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as { port: number }).port
    try {
      await expect(startMcpHttp({ port, backend: fakeBackend(), profile: 'bridge' })).rejects.toMatchObject({ code: 'EADDRINUSE' })
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
  })

  it('closes twice without error and refuses connections afterwards', async () => {
    server = await startOnFreePort(fakeBackend())
    await server.close()
    await server.close()
    await expect(fetch(server.url, { method: 'POST', body: '{}' })).rejects.toThrow()
  })

  it('closes while a keep-alive connection is idle', async () => {
    server = await startOnFreePort(fakeBackend())
    await rpc(server.url, request('ping'))
    const started = Date.now()
    await server.close()
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('keeps serving after a client aborts while the backend is still working', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const backend = fakeBackend({ handlers: { 'prompts::mcp-list': async () => gate.then(() => ({ prompts: [] })) } })
    server = await startOnFreePort(backend)
    const controller = new AbortController()
    const aborted = fetch(server.url, { method: 'POST', body: JSON.stringify(request('prompts/list')), signal: controller.signal })
    while (backend.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    controller.abort()
    await expect(aborted).rejects.toThrow()
    release()
    expect((await rpc(server.url, request('ping', undefined, 2))).result).toEqual({})
  })

  it('answers a backend that throws synchronously with -32603', async () => {
    const backend = {
      invoke: () => {
        throw new Error('boom')
      },
      listFunctions: () => {
        throw new Error('list boom')
      },
    }
    server = await startMcpHttp({ port: 0, backend: backend as never, profile: 'bridge' })
    expect([(await rpc(server.url, request('prompts/list'))).error, (await rpc(server.url, request('tools/list'))).error]).toEqual([
      { code: -32603, message: 'boom' },
      { code: -32603, message: 'list boom' },
    ])
  })
})
