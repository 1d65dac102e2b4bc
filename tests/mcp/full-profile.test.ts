/**
 * The full profile over HTTP (the default), driven by the official SDK client: every method's result
 * passes the client's schemas, sessions and the GET stream behave as the SDK transport defines them,
 * and change notifications reach the session over its GET stream.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { EmptyResultSchema, type LoggingLevel } from '@modelcontextprotocol/sdk/types.js'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMcpFront, startMcpHttp, type McpFront, type McpHttpServer } from '../../src/mcp/index.js'
import { connectMcpClient, type ConnectedMcpClient } from '../support/mcp-client.js'
import { LIST_CHANGED, recordNotifications, RESOURCE_UPDATED } from '../support/mcp-notifications.js'
import { fakeBackend } from './fake-backend.js'
import { post, request } from './http.js'
import { INDEX_TEXT, PROMPTS, RESOURCES, SKILL_PROMPT_ENTRY, TEMPLATES, skillsBackend } from './skills-envelopes.js'
import { silentLogger } from '../support/silent-logger.js'

const ACCEPT = { accept: 'application/json, text/event-stream' }
const INITIALIZE_PARAMS = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } }

let server: McpHttpServer
let mcp: ConnectedMcpClient | undefined

afterEach(async () => {
  await mcp?.close()
  if (mcp) expect(mcp.errors).toEqual([])
  mcp = undefined
  await server?.close()
})

/** POSTs initialize without a session and returns the new session's id. */
async function openRawSession(): Promise<string> {
  const reply = await post(server.url, JSON.stringify(request('initialize', INITIALIZE_PARAMS)), ACCEPT)
  expect(reply.status).toBe(200)
  return reply.headers.get('mcp-session-id')!
}

describe('a real SDK client on the full profile', () => {
  beforeEach(async () => {
    server = await startMcpHttp({ port: 0, backend: skillsBackend(), serverVersion: '1.2.3' })
    mcp = await connectMcpClient(server.url)
  })

  it('sees the iii-skills identity and the list-changed and subscribe capabilities', () => {
    expect([mcp!.client.getServerVersion(), mcp!.client.getServerCapabilities()]).toEqual([
      { name: 'iii-skills', version: '1.2.3' },
      { tools: { listChanged: true }, resources: { listChanged: true, subscribe: true }, prompts: { listChanged: true }, logging: {}, extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } } },
    ])
  })

  it('pings', async () => {
    expect(await mcp!.client.ping()).toEqual({})
  })

  it('lists every resource, nested ones included (no bridge trimming)', async () => {
    expect(await mcp!.client.listResources()).toEqual(RESOURCES)
  })

  it('reads the whole index text', async () => {
    expect(await mcp!.client.readResource({ uri: 'iii://skills' })).toEqual({
      contents: [{ uri: 'iii://skills', mimeType: 'text/markdown', text: INDEX_TEXT }],
    })
  })

  it('reads a nested skill, and an unknown one is -32602 with its own text and the URI (E12.7)', async () => {
    expect(await mcp!.client.readResource({ uri: 'iii://tree-root/leaf' })).toEqual({
      contents: [{ uri: 'iii://tree-root/leaf', mimeType: 'text/markdown', text: '# Tree leaf\nA child entry.\n' }],
    })
    const error = await mcp!.client.readResource({ uri: 'iii://nope' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: -32602, message: 'MCP error -32602: Skill not found: nope', data: { uri: 'iii://nope' } })
  })

  it('lists templates and prompts, and gets a prompt', async () => {
    expect(await mcp!.client.listResourceTemplates()).toEqual(TEMPLATES)
    // E12.6: the full profile lists its own `skill` prompt after the worker's.
    expect(await mcp!.client.listPrompts()).toEqual({ prompts: [...PROMPTS.prompts, SKILL_PROMPT_ENTRY] })
    expect(await mcp!.client.getPrompt({ name: 'send-email', arguments: { to: 'bob' } })).toEqual({
      description: 'Send an email',
      messages: [{ role: 'user', content: { type: 'text', text: 'Write to bob' } }],
    })
  })

  it('lists tools and calls skill__fetch', async () => {
    expect((await mcp!.client.listTools()).tools.map((tool) => tool.name)).toEqual(['skill__fetch', 'demo__echo', 'demo__boom'])
    expect(await mcp!.client.callTool({ name: 'skill__fetch', arguments: { uri: 'iii://alpha' } })).toEqual({
      content: [{ type: 'text', text: '# iii://alpha\n\n# Alpha skill\nAlpha body line.' }],
    })
  })

  it('answers completion/complete with an empty completion', async () => {
    expect(await mcp!.client.complete({ ref: { type: 'ref/prompt', name: 'send-email' }, argument: { name: 'to', value: 'b' } })).toEqual({
      completion: { values: [], total: 0, hasMore: false },
    })
  })

  it('subscribes and unsubscribes', async () => {
    expect(await mcp!.client.subscribeResource({ uri: 'iii://alpha' })).toEqual({})
    expect(await mcp!.client.unsubscribeResource({ uri: 'iii://alpha' })).toEqual({})
    expect(await mcp!.client.unsubscribeResource({ uri: 'iii://never-subscribed' })).toEqual({})
  })

  it.each(['resources/subscribe', 'resources/unsubscribe'])('answers %s without a string uri with -32602', async (method) => {
    await expect(mcp!.client.request({ method, params: { uri: 5 } } as never, EmptyResultSchema)).rejects.toMatchObject({
      code: -32602,
      message: `MCP error -32602: ${method} requires a string uri`,
    })
  })

  it('answers logging/setLevel (E6.7) and refuses a level that is not one', async () => {
    expect(await mcp!.client.setLoggingLevel('warning' as LoggingLevel)).toEqual({})
    await expect(mcp!.client.request({ method: 'logging/setLevel', params: { level: 'loud' } } as never, EmptyResultSchema))
      .rejects.toThrow(/level/)
  })

  it.each(['foo/bar', 'initialize/x'])('answers %s with -32601 naming the method', async (method) => {
    await expect(mcp!.client.request({ method, params: {} } as never, EmptyResultSchema)).rejects.toMatchObject({
      code: -32601,
      message: `MCP error -32601: Method not found: ${method}`,
    })
  })
})

describe('protocol version negotiation', () => {
  beforeEach(async () => {
    server = await startMcpHttp({ port: 0, backend: skillsBackend() })
  })

  it.each([
    ['2025-06-18', '2025-06-18'],
    ['2025-03-26', '2025-03-26'],
    ['1999-01-01', '2025-11-25'],
  ])('answers a client asking for %s with %s', async (asked, answered) => {
    const reply = await post(server.url, JSON.stringify(request('initialize', { ...INITIALIZE_PARAMS, protocolVersion: asked })), ACCEPT)
    const data = /^data: (.*)$/m.exec(reply.text)![1]!
    expect((JSON.parse(data) as { result: { protocolVersion: string } }).result.protocolVersion).toBe(answered)
  })
})

describe('sessions on HTTP', () => {
  beforeEach(async () => {
    server = await startMcpHttp({ port: 0, backend: skillsBackend() })
  })

  it('opens a session on initialize and serves it with the Mcp-Session-Id header', async () => {
    const session = await openRawSession()
    expect(session).toMatch(/^[0-9a-f-]{36}$/)
    const reply = await post(server.url, JSON.stringify(request('tools/list', undefined, 2)), { ...ACCEPT, 'mcp-session-id': session })
    expect([reply.status, reply.text]).toEqual([200, expect.stringContaining('"name":"skill__fetch"')])
  })

  it('refuses a request without a session with 400', async () => {
    const reply = await post(server.url, JSON.stringify(request('tools/list')), ACCEPT)
    expect([reply.status, JSON.parse(reply.text)]).toEqual([
      400,
      { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request: No valid session ID provided' } },
    ])
  })

  it('refuses an unknown session with 404', async () => {
    const reply = await post(server.url, JSON.stringify(request('tools/list')), { ...ACCEPT, 'mcp-session-id': 'nope' })
    expect([reply.status, JSON.parse(reply.text)]).toEqual([404, { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }])
  })

  it.each(['GET', 'DELETE'])('refuses %s without a session with 400', async (method) => {
    const response = await fetch(server.url, { method, headers: { accept: 'text/event-stream' } })
    expect(response.status).toBe(400)
    await response.body?.cancel()
  })

  it('opens the GET SSE stream of a session', async () => {
    const session = await openRawSession()
    const controller = new AbortController()
    const response = await fetch(server.url, { headers: { accept: 'text/event-stream', 'mcp-session-id': session }, signal: controller.signal })
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'text/event-stream'])
    controller.abort()
  })

  it('ends a session on DELETE', async () => {
    const session = await openRawSession()
    const deleted = await fetch(server.url, { method: 'DELETE', headers: { 'mcp-session-id': session } })
    await deleted.body?.cancel()
    const reply = await post(server.url, JSON.stringify(request('ping')), { ...ACCEPT, 'mcp-session-id': session })
    expect([deleted.status, reply.status]).toEqual([200, 404])
  })

  it.each(['PUT', 'PATCH'])('answers %s with 405 and allow: GET, POST, DELETE', async (method) => {
    const response = await fetch(server.url, { method })
    expect([response.status, response.headers.get('allow')]).toEqual([405, 'GET, POST, DELETE'])
    await response.body?.cancel()
  })

  it('refuses an initialize from a foreign browser origin with 403', async () => {
    const reply = await post(server.url, JSON.stringify(request('initialize', INITIALIZE_PARAMS)), { ...ACCEPT, origin: 'https://evil.example' })
    expect(reply.status).toBe(403)
  })

  it('answers a body that is not JSON with 400 -32700', async () => {
    const reply = await post(server.url, '{"jsonrpc":', ACCEPT)
    expect([reply.status, JSON.parse(reply.text)]).toEqual([400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }])
  })

  it('closes a session idle for longer than sessionIdleMs', async () => {
    await server.close()
    server = await startMcpHttp({ port: 0, backend: skillsBackend(), sessionIdleMs: 50 })
    const session = await openRawSession()
    await sleep(250)
    const reply = await post(server.url, JSON.stringify(request('ping')), { ...ACCEPT, 'mcp-session-id': session })
    expect(reply.status).toBe(404)
  })

  it('keeps a session with an open GET stream past sessionIdleMs', async () => {
    await server.close()
    server = await startMcpHttp({ port: 0, backend: skillsBackend(), sessionIdleMs: 50 })
    const session = await openRawSession()
    const controller = new AbortController()
    await fetch(server.url, { headers: { accept: 'text/event-stream', 'mcp-session-id': session }, signal: controller.signal })
    await sleep(250)
    const reply = await post(server.url, JSON.stringify(request('ping')), { ...ACCEPT, 'mcp-session-id': session })
    controller.abort()
    expect(reply.status).toBe(200)
  })
})

describe('paths other than /mcp', () => {
  it('are a plain 404 by default', async () => {
    server = await startMcpHttp({ port: 0, backend: skillsBackend() })
    const response = await fetch(new URL('/skills/rpc', server.url), { method: 'POST', body: '{}' })
    expect([response.status, await response.text()]).toEqual([404, 'Not Found'])
  })

  it('go to the router when one is given, in both profiles', async () => {
    for (const profile of ['full', 'bridge'] as const) {
      const seen: string[] = []
      server = await startMcpHttp({
        port: 0,
        backend: skillsBackend(),
        profile,
        route: (req, res) => {
          seen.push(`${req.method} ${req.url}`)
          res.writeHead(200, { 'content-type': 'text/plain' }).end('routed')
        },
      })
      const response = await fetch(new URL('/skills/rpc?x=1', server.url), { method: 'POST', body: '{}' })
      expect([response.status, await response.text(), seen]).toEqual([200, 'routed', ['POST /skills/rpc?x=1']])
      await server.close()
    }
  })
})

describe('change notifications over the GET stream', () => {
  let resources: Array<{ uri: string; name: string }>
  let front: McpFront

  beforeEach(async () => {
    resources = [{ uri: 'iii://skills', name: 'skills' }]
    const backend = fakeBackend({
      handlers: {
        'skills::resources-list': () => ({ resources }),
        'skills::resources-read': (data) => ({ contents: [{ uri: (data as { uri: string }).uri, text: `${resources.length}` }] }),
      },
    })
    front = createMcpFront({ backend, profile: 'full', log: silentLogger(), serverVersion: '0' })
    server = await startMcpHttp({ port: 0, backend, changes: front.hub })
  })

  afterEach(() => front.close())

  it('delivers resources/list_changed to a connected client when the list changed', async () => {
    mcp = await connectMcpClient(server.url)
    const log = recordNotifications(mcp.client)
    resources.push({ uri: 'iii://alpha', name: 'alpha' })
    front.hub!.skillsChanged(['alpha'])
    await log.waitFor(LIST_CHANGED.resources)
  })

  it('delivers resources/updated to the subscribed session only', async () => {
    mcp = await connectMcpClient(server.url)
    const other = await connectMcpClient(server.url, 'other')
    try {
      const [subscribed, unsubscribed] = [recordNotifications(mcp.client), recordNotifications(other.client)]
      await mcp.client.subscribeResource({ uri: 'iii://skills' })
      resources.push({ uri: 'iii://alpha', name: 'alpha' })
      front.hub!.skillsChanged(['alpha'])
      await subscribed.waitFor(RESOURCE_UPDATED, { uri: 'iii://skills' })
      await unsubscribed.waitFor(LIST_CHANGED.resources)
      await sleep(150)
      expect(unsubscribed.of(RESOURCE_UPDATED)).toEqual([])
    } finally {
      await other.close()
    }
  })

  it('stops sending resources/updated after unsubscribe', async () => {
    mcp = await connectMcpClient(server.url)
    const log = recordNotifications(mcp.client)
    await mcp.client.subscribeResource({ uri: 'iii://skills' })
    await mcp.client.unsubscribeResource({ uri: 'iii://skills' })
    resources.push({ uri: 'iii://alpha', name: 'alpha' })
    front.hub!.skillsChanged(['alpha'])
    await log.waitFor(LIST_CHANGED.resources)
    await sleep(150)
    expect(log.of(RESOURCE_UPDATED)).toEqual([])
  })

  it('sends nothing to a bridge-profile client', async () => {
    await server.close()
    const backend = skillsBackend()
    server = await startMcpHttp({ port: 0, backend, profile: 'bridge', changes: front.hub })
    const client = new Client({ name: 'bridge', version: '0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)))
    const log = recordNotifications(client)
    resources.push({ uri: 'iii://alpha', name: 'alpha' })
    front.hub!.skillsChanged(['alpha'])
    await sleep(200)
    await client.close()
    expect([front.hub!.sessionCount, log.all]).toEqual([0, []])
  })
})
