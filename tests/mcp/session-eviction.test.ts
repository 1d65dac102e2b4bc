/**
 * E18.6: abandoned sessions never lock others out. At `maxSessions` open 2025-11-25 sessions a new one
 * closes the one idle longest (no request in flight, no open stream) instead of being refused; its
 * id then answers 404 like any unknown session. A session with an open GET stream or a request in
 * flight is never evicted; 503 with Retry-After only when every open session is busy.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { startMcpHttp, type McpHttpServer } from '../../src/mcp/index.js'
import { fakeBackend } from './fake-backend.js'
import { post, request } from './http.js'
import { skillsBackend } from './skills-envelopes.js'

const ACCEPT = { accept: 'application/json, text/event-stream' }
const INITIALIZE = request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'abandoning', version: '0' } })

let server: McpHttpServer
const streams: AbortController[] = []

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.abort()
  await server?.close()
})

async function openSession(): Promise<{ status: number; id: string | null; text: string; retryAfter: string | null }> {
  const reply = await post(server.url, JSON.stringify(INITIALIZE), ACCEPT)
  return { status: reply.status, id: reply.headers.get('mcp-session-id'), text: reply.text, retryAfter: reply.headers.get('retry-after') }
}

const ping = async (id: string) => (await post(server.url, JSON.stringify(request('ping')), { ...ACCEPT, 'mcp-session-id': id })).status

async function openStream(id: string): Promise<void> {
  const controller = new AbortController()
  streams.push(controller)
  const response = await fetch(server.url, { headers: { accept: 'text/event-stream', 'mcp-session-id': id }, signal: controller.signal })
  expect(response.status).toBe(200)
}

describe('sessions at the cap (E18.6)', () => {
  it('a new session evicts the one idle longest; its id is then unknown (404)', async () => {
    server = await startMcpHttp({ port: 0, backend: skillsBackend(), maxSessions: 3 })
    const [a, b, c] = [await openSession(), await openSession(), await openSession()]
    expect(await ping(a.id!)).toBe(200) // a is now the most recently seen; b is idle longest
    const d = await openSession()
    expect(d.status).toBe(200)
    expect(await ping(b.id!)).toBe(404)
    expect([await ping(a.id!), await ping(c.id!), await ping(d.id!)]).toEqual([200, 200, 200])
  })

  it('serves every new client past the cap of abandoned sessions; a streaming session survives them all', async () => {
    server = await startMcpHttp({ port: 0, backend: skillsBackend(), maxSessions: 5 })
    const streaming = await openSession()
    await openStream(streaming.id!)
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) statuses.push((await openSession()).status) // each client leaves without DELETE
    expect(statuses).toEqual(Array(40).fill(200))
    expect(await ping(streaming.id!)).toBe(200)
  })

  it('never evicts a session with a request in flight; 503 with Retry-After only when every session is busy', async () => {
    let release: (value: unknown) => void = () => undefined
    const gate = new Promise((resolve) => (release = resolve))
    const backend = fakeBackend({ functions: [{ function_id: 'demo::slow' }], handlers: { 'demo::slow': () => gate } })
    server = await startMcpHttp({ port: 0, backend, maxSessions: 2 })
    const working = await openSession()
    const streaming = await openSession()
    await openStream(streaming.id!)
    const call = post(server.url, JSON.stringify(request('tools/call', { name: 'demo__slow', arguments: {} })), { ...ACCEPT, 'mcp-session-id': working.id! })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const refused = await openSession()
    expect([refused.status, refused.text]).toEqual([503, 'too many open MCP sessions (at most 2); retry later'])
    expect(refused.retryAfter).toMatch(/^\d+$/)
    release('done')
    expect((await call).status).toBe(200)
    expect((await openSession()).status).toBe(200) // `working` is idle now, and goes
    expect([await ping(working.id!), await ping(streaming.id!)]).toEqual([404, 200])
  })
})
