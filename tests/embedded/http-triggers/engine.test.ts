/**
 * The embedded engine's `http` trigger type, driven by real iii-sdk workers that bind routes and by
 * plain `fetch` requests to the listener that serves them: the request envelope the function
 * receives, how its return becomes the reply, and the engine's own error answers.
 */
import type { IIIClient } from 'iii-sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { startHttpTriggerListener, type EmbeddedEngine } from '../../../src/embedded/index.js'
import { startMcpHttp } from '../../../src/mcp/index.js'
import { engineBackend } from '../../../src/app/modes/embedded.js'
import { pollUntil } from '../../support/poll.js'
import { useHarness } from '../harness.js'
import { silentLogger } from '../../support/silent-logger.js'

const h = useHarness()

interface Reply {
  status: number
  contentType: string | null
  headers: Headers
  text: string
}

async function send(url: string, init: RequestInit = {}): Promise<Reply> {
  const response = await fetch(url, init)
  return { status: response.status, contentType: response.headers.get('content-type'), headers: response.headers, text: await response.text() }
}

function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return send(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
}

/** An engine, its trigger listener on a free port, and one worker; closed by the harness and here. */
async function setup(options: { httpTimeoutMs?: number } = {}): Promise<{ engine: EmbeddedEngine; base: string; worker: IIIClient }> {
  const engine = await h.engine({ httpTimeoutMs: options.httpTimeoutMs })
  const listener = await startHttpTriggerListener({ host: '127.0.0.1', port: 0, handler: engine.httpTriggers, log: silentLogger() })
  listeners.push(listener)
  return { engine, base: listener.url, worker: h.client(engine.url, 'http-test') }
}

const listeners: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const listener of listeners.splice(0)) await listener.close()
})

/** Polls `probe` until it gives a value. */
function until<T>(probe: () => Promise<T | undefined>, what = 'the route'): Promise<T> {
  return pollUntil(async () => {
    const value = await probe()
    if (value === undefined) throw new Error('not yet')
    return value
  }, { timeoutMs: 5000, intervalMs: 20, what })
}

/** Binds `functionId` (which returns `answer(request)`) to `http` `{api_path, http_method}` and waits until it serves. */
async function bind(
  engine: EmbeddedEngine,
  worker: IIIClient,
  base: string,
  functionId: string,
  config: Record<string, unknown>,
  answer: (request: any, metadata?: unknown) => unknown,
  metadata?: Record<string, unknown>,
) {
  worker.registerFunction(functionId, async (request: unknown, meta?: unknown) => answer(request, meta))
  await h.functionReady(engine, functionId)
  const trigger = worker.registerTrigger({ type: 'http', function_id: functionId, config, metadata })
  const path = String(config.api_path)
  const probe = `${base}${path.startsWith('/') ? '' : '/'}${path.replaceAll(/:[^/]+/g, 'probe')}`
  await until(async () => ((await fetch(probe, { method: String(config.http_method ?? 'GET') })).status !== 404 ? true : undefined))
  return trigger
}

describe('routing', () => {
  it('calls the bound function with the request envelope: registered path, lower-case headers, query, parsed body', async () => {
    const { engine, base, worker } = await setup()
    const seen: unknown[] = []
    await bind(engine, worker, base, 'api::echo', { api_path: 'echo/:id', http_method: 'POST' }, (request) => {
      seen.push(request)
      return { status_code: 200, body: { ok: true } }
    })
    seen.length = 0
    const reply = await postJson(`${base}/echo/42?a=1&b=x+y&a=2`, { hello: 'world' }, { 'X-Custom': 'Yes' })
    expect([reply.status, reply.contentType, reply.text]).toEqual([200, 'application/json', '{"ok":true}'])
    expect(seen).toHaveLength(1)
    const request = seen[0] as Record<string, unknown>
    expect(Object.keys(request)).toEqual(['path', 'method', 'path_params', 'query_params', 'headers', 'body'])
    expect(request).toMatchObject({
      path: 'echo/:id',
      method: 'POST',
      path_params: { id: '42' },
      query_params: { a: '2', b: 'x y' },
      body: { hello: 'world' },
    })
    expect(request.headers).toMatchObject({ 'content-type': 'application/json', 'x-custom': 'Yes', host: new URL(base).host })
  })

  it('serves a path bound without a leading slash and one bound with it alike', async () => {
    const { engine, base, worker } = await setup()
    await bind(engine, worker, base, 'api::plain', { api_path: 'plain/path', http_method: 'GET' }, () => ({ body: 'plain' }))
    await bind(engine, worker, base, 'api::slashed', { api_path: '/slashed/path', http_method: 'GET' }, () => ({ body: 'slashed' }))
    expect((await send(`${base}/plain/path`)).text).toBe('plain')
    expect((await send(`${base}/slashed/path`)).text).toBe('slashed')
  })

  it('gives an unknown path 404 with the NOT_FOUND envelope, and a trailing slash is another path', async () => {
    const { engine, base, worker } = await setup()
    await bind(engine, worker, base, 'api::exact', { api_path: 'exact', http_method: 'GET' }, () => ({ body: 'x' }))
    for (const path of ['/nothing/here', '/exact/', '/']) {
      const reply = await send(`${base}${path}`)
      expect([reply.status, reply.contentType, reply.text]).toEqual([404, 'application/json', '{"error":{"code":"NOT_FOUND","message":"Not Found"}}'])
    }
  })

  it('answers 405 with allow and no body when the path is bound only for other methods', async () => {
    const { engine, base, worker } = await setup()
    await bind(engine, worker, base, 'api::post-only', { api_path: 'only', http_method: 'POST' }, () => ({ body: {} }))
    const reply = await send(`${base}/only`)
    expect([reply.status, reply.headers.get('allow'), reply.text]).toEqual([405, 'POST', ''])
  })

  it('defaults http_method to GET', async () => {
    const { engine, base, worker } = await setup()
    await bind(engine, worker, base, 'api::default-get', { api_path: 'defaulted' }, () => ({ body: 'got' }))
    expect((await send(`${base}/defaulted`)).text).toBe('got')
  })

  it('passes the binding metadata as invocation metadata', async () => {
    const { engine, base, worker } = await setup()
    const seen: unknown[] = []
    await bind(engine, worker, base, 'api::meta', { api_path: 'meta', http_method: 'GET' }, (_request, metadata) => {
      seen.push(metadata)
      return { body: {} }
    }, { team: 'a' })
    seen.length = 0
    await send(`${base}/meta`)
    expect(seen).toEqual([{ team: 'a' }])
  })

  it('unbinds the route when the trigger is unregistered', async () => {
    const { engine, base, worker } = await setup()
    const trigger = await bind(engine, worker, base, 'api::gone', { api_path: 'gone', http_method: 'GET' }, () => ({ body: 'here' }))
    expect((await send(`${base}/gone`)).status).toBe(200)
    trigger.unregister()
    await until(async () => ((await send(`${base}/gone`)).status === 404 ? true : undefined))
    expect((await send(`${base}/gone`)).text).toBe('{"error":{"code":"NOT_FOUND","message":"Not Found"}}')
  })

  it('unbinds the route when the worker that bound it disconnects', async () => {
    const { engine, base } = await setup()
    const other = h.client(engine.url, 'leaving')
    await bind(engine, other, base, 'api::leaving', { api_path: 'leaving', http_method: 'GET' }, () => ({ body: 'here' }))
    await other.shutdown()
    await until(async () => ((await send(`${base}/leaving`)).status === 404 ? true : undefined))
  })

  it('refuses a binding without api_path, telling the worker', async () => {
    const engine = await h.engine()
    const raw = await h.raw(engine.url)
    raw.send({ type: 'registertrigger', id: 'b1', trigger_type: 'http', function_id: 'x::y', config: { http_method: 'GET' } })
    const result = await raw.next((f) => f.type === 'triggerregistrationresult')
    expect(result).toEqual({
      type: 'triggerregistrationresult', id: 'b1', trigger_type: 'http', function_id: 'x::y',
      error: { code: 'trigger_registration_failed', message: 'api_path is required for http triggers' },
    })
  })
})

describe('replies', () => {
  it('serialises a JSON body with content-type application/json and the status code', async () => {
    const { engine, base, worker } = await setup()
    await bind(engine, worker, base, 'api::created', { api_path: 'created', http_method: 'POST' }, () => ({
      status_code: 201, headers: { 'X-Extra': 'yes' }, body: { id: 7, tags: ['a'] },
    }))
    const reply = await postJson(`${base}/created`, {})
    expect([reply.status, reply.contentType, reply.headers.get('x-extra'), reply.text]).toEqual([201, 'application/json', 'yes', '{"id":7,"tags":["a"]}'])
  })

  it('sends a string body as it is', async () => {
    const { engine, base, worker } = await setup()
    await bind(engine, worker, base, 'api::text', { api_path: 'text', http_method: 'GET' }, () => ({ body: 'hello "world"' }))
    const reply = await send(`${base}/text`)
    expect([reply.status, reply.contentType, reply.text]).toEqual([200, 'text/plain; charset=utf-8', 'hello "world"'])
  })

  it('keeps a content type the function set, for a string body and for a JSON body', async () => {
    const { engine, base, worker } = await setup()
    await bind(engine, worker, base, 'api::xml', { api_path: 'xml', http_method: 'GET' }, () => ({
      headers: ['Content-Type: text/xml'], body: '<Response/>',
    }))
    await bind(engine, worker, base, 'api::problem', { api_path: 'problem', http_method: 'GET' }, () => ({
      status_code: 400, headers: { 'content-type': 'application/problem+json' }, body: { title: 'bad' },
    }))
    const xml = await send(`${base}/xml`)
    expect([xml.status, xml.contentType, xml.text]).toEqual([200, 'text/xml', '<Response/>'])
    const problem = await send(`${base}/problem`)
    expect([problem.status, problem.contentType, problem.text]).toEqual([400, 'application/problem+json', '{"title":"bad"}'])
  })

  it('answers 200 {} when the function returns nothing', async () => {
    const { engine, base, worker } = await setup()
    await bind(engine, worker, base, 'api::nothing', { api_path: 'nothing', http_method: 'GET' }, () => undefined)
    const reply = await send(`${base}/nothing`)
    expect([reply.status, reply.contentType, reply.text]).toEqual([200, 'application/json', '{}'])
  })

  it('answers 204 with no body', async () => {
    const { engine, base, worker } = await setup()
    await bind(engine, worker, base, 'api::empty', { api_path: 'empty', http_method: 'POST' }, () => ({
      status_code: 204, headers: { 'content-type': 'application/json' }, body: null,
    }))
    const reply = await postJson(`${base}/empty`, {})
    expect([reply.status, reply.text]).toEqual([204, ''])
  })
})

describe('errors the engine raises', () => {
  it('answers 400 with an envelope for a body that is not JSON, without calling the function', async () => {
    const { engine, base, worker } = await setup()
    let calls = 0
    await bind(engine, worker, base, 'api::strict', { api_path: 'strict', http_method: 'POST' }, () => {
      calls++
      return { body: {} }
    })
    calls = 0
    for (const body of ['{not json', 'a=b', '\xff']) {
      const reply = await send(`${base}/strict`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      expect([reply.status, reply.contentType, reply.text]).toEqual([
        400, 'application/json', '{"error":{"code":"BAD_REQUEST","message":"Request body is not valid JSON"}}',
      ])
    }
    expect(calls).toBe(0)
  })

  it('passes an empty body as null', async () => {
    const { engine, base, worker } = await setup()
    await bind(engine, worker, base, 'api::body', { api_path: 'body', http_method: 'POST' }, (request) => ({ body: { got: request.body } }))
    expect((await send(`${base}/body`, { method: 'POST' })).text).toBe('{"got":null}')
  })

  it('answers 500 with the function error and an error_id when the function throws', async () => {
    const { engine, base, worker } = await setup()
    await bind(engine, worker, base, 'api::boom', { api_path: 'boom', http_method: 'GET' }, () => {
      throw new Error('kaboom')
    })
    const reply = await send(`${base}/boom`)
    expect([reply.status, reply.contentType]).toEqual([500, 'application/json'])
    const body = JSON.parse(reply.text) as { error: { code: string; message: string; error_id: string } }
    expect(Object.keys(body.error)).toEqual(['code', 'message', 'error_id'])
    expect([body.error.code, body.error.message]).toEqual(['invocation_failed', 'kaboom'])
    expect(body.error.error_id).toMatch(/^[0-9a-f]{1,12}$/)
  })

  it('answers 500 function_not_found when the bound function is gone', async () => {
    const engine = await h.engine()
    const listener = await startHttpTriggerListener({ host: '127.0.0.1', port: 0, handler: engine.httpTriggers, log: silentLogger() })
    listeners.push(listener)
    const raw = await h.raw(engine.url)
    raw.send({ type: 'registertrigger', id: 'b2', trigger_type: 'http', function_id: 'missing::fn', config: { api_path: 'missing' } })
    const reply = await until(async () => {
      const r = await send(`${listener.url}/missing`)
      return r.status === 500 ? r : undefined
    })
    expect(JSON.parse(reply.text)).toMatchObject({ error: { code: 'function_not_found', message: 'Function missing::fn not found' } })
  })

  it('answers 504 with no body when the function does not answer in time', async () => {
    const { engine, base, worker } = await setup({ httpTimeoutMs: 300 })
    await bind(engine, worker, base, 'api::slow', { api_path: 'slow', http_method: 'POST' }, async (request) => {
      if (request.body === null) return { body: 'probe' }
      await new Promise((resolve) => setTimeout(resolve, 2000))
      return { body: 'late' }
    })
    const reply = await postJson(`${base}/slow`, { slow: true })
    expect([reply.status, reply.text]).toEqual([504, ''])
  })

  it('refuses a body over the cap with 413', async () => {
    const { engine, base, worker } = await setup()
    await bind(engine, worker, base, 'api::big', { api_path: 'big', http_method: 'POST' }, () => ({ body: {} }))
    const reply = await postJson(`${base}/big`, { pad: 'x'.repeat(4 * 1024 * 1024) })
    expect([reply.status, reply.text]).toEqual([413, '{"error":{"code":"PAYLOAD_TOO_LARGE","message":"Request body larger than 4194304 bytes"}}'])
  })

  it('refuses a browser request from a foreign origin with 403', async () => {
    const { engine, base, worker } = await setup()
    await bind(engine, worker, base, 'api::origin', { api_path: 'origin', http_method: 'GET' }, () => ({ body: 'ok' }))
    expect((await send(`${base}/origin`, { headers: { origin: 'http://localhost:5173' } })).status).toBe(200)
    const reply = await send(`${base}/origin`, { headers: { origin: 'https://evil.example' } })
    expect([reply.status, reply.text]).toEqual([403, '{"error":{"code":"FORBIDDEN","message":"Forbidden"}}'])
  })
})

describe('on the MCP listener', () => {
  it('serves the triggers on every path but /mcp, which stays the MCP endpoint', async () => {
    const engine = await h.engine()
    const mcp = await startMcpHttp({ port: 0, backend: engineBackend(engine), route: engine.httpTriggers, profile: 'bridge' })
    listeners.push(mcp)
    const base = mcp.url.replace(/\/mcp$/, '')
    const worker = h.client(engine.url, 'http-test')
    await bind(engine, worker, base, 'api::beside', { api_path: 'beside', http_method: 'GET' }, () => ({ body: 'beside mcp' }))
    expect((await send(`${base}/beside`)).text).toBe('beside mcp')
    expect((await send(`${base}/elsewhere`)).status).toBe(404)
    const ping = await send(mcp.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    })
    expect([ping.status, ping.text]).toEqual([200, 'event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n'])
  })
})
