/**
 * E11.1–E11.3 and E11.6 against a real `iii-skills --embedded` process: every door (the engine's
 * WebSocket on `/` and `/otel`, `/mcp`, the page, its API and event stream, `/skills/rpc`) refuses a
 * foreign Host, the engine refuses a browser page of another origin, the page's API never runs a
 * function and refuses other sites, and sessions and streams are capped.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { LOG_HTTP_LISTENING } from '../../src/embedded/messages.js'
import { DEMO_CONFIG, E2E_TIMEOUT_MS, spawnEmbeddedSkills, spawnSkills, stopAllChildren, type EmbeddedSkills } from '../support/processes.js'
import { pollUntil } from '../support/poll.js'
import { probe, tryUpgrade } from './http-probe.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

let env: EmbeddedSkills
let http: URL
let engine: URL
const probed: unknown[] = []

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
})
const MCP_POST = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }

beforeAll(async () => {
  env = await spawnEmbeddedSkills(['--config', DEMO_CONFIG, '--max-sessions', '3'])
  http = new URL('/', env.mcpUrl)
  engine = new URL(env.engineUrl)
  // A function the page must never run, whatever id it is asked for.
  env.sdk.iii.registerFunction('probe::run', async (input: unknown) => {
    probed.push(input)
    return { ran: true }
  })
})

afterAll(async () => {
  await env?.sdk.close()
  await stopAllChildren()
})

describe('the Host rule on every HTTP route (E11.1)', () => {
  const foreign = () => `evil.example:${http.port}`

  it.each([
    ['GET', '/'], ['GET', '/_ui/app.js'], ['GET', '/_ui/api/catalogue'], ['GET', '/_ui/api/skill?id=billing'],
    ['GET', '/_ui/events'], ['POST', '/mcp'], ['GET', '/mcp'], ['POST', '/skills/rpc'], ['GET', '/no/such/route'],
  ])('%s %s with a foreign Host gets 403 naming it', async (method, path) => {
    const answer = await probe(new URL(path, http).href, { method, headers: { host: foreign(), ...MCP_POST }, body: method === 'POST' ? INITIALIZE : undefined })
    expect(answer.status).toBe(403)
    expect(answer.body).toBe(`host not allowed: ${foreign()}`)
  })

  it('serves the same routes to a loopback Host', async () => {
    for (const host of [`localhost:${http.port}`, `127.0.0.1:${http.port}`]) {
      expect((await probe(new URL('/_ui/api/catalogue', http).href, { headers: { host } })).status).toBe(200)
    }
    const rpc = await probe(new URL('/skills/rpc', http).href, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'skills/list', params: {} }),
    })
    expect(rpc.status).toBe(200)
  })
})

describe('the engine WebSocket door (E11.1)', () => {
  it('refuses a browser page of another origin with 403 and no socket, on / and /otel', async () => {
    for (const path of ['/', '/otel']) {
      const outcome = await tryUpgrade(new URL(path, engine).href, { origin: 'https://evil.example' }, '{"type":"ping"}')
      expect(outcome.refusedWith).toBe(403)
      expect(outcome.frames).toEqual([])
    }
  })

  it('refuses a foreign Host (DNS rebinding) with 403 naming it', async () => {
    const host = `evil.example:${engine.port}`
    const outcome = await tryUpgrade(new URL('/', engine).href, { host }, '{"type":"ping"}')
    expect(outcome).toMatchObject({ refusedWith: 403, refusalBody: `host not allowed: ${host}`, frames: [] })
  })

  it('lets a loopback page and a plain client in', async () => {
    for (const headers of [{}, { origin: `http://127.0.0.1:${http.port}` }, { origin: 'http://localhost:6274' }] as Array<Record<string, string>>) {
      const outcome = await tryUpgrade(new URL('/', engine).href, headers, '{"type":"ping"}', 500)
      expect(outcome.refusedWith).toBeUndefined()
      expect(outcome.frames.map((f) => JSON.parse(f).type)).toContain('pong')
    }
  })

  it('closes a telemetry socket that sends a frame over 4 MiB with 1009', async () => {
    const outcome = await tryUpgrade(new URL('/otel', engine).href, {}, 'x'.repeat(4 * 1024 * 1024 + 1), 5000)
    expect(outcome.closeCode).toBe(1009)
  })
})

describe('the page runs nothing and serves only its own site (E11.3)', () => {
  it('never follows iii://fn/… : a section id is not a skill', async () => {
    for (const id of ['fn/probe/run', 'fn%2Fprobe%2Frun', 'skills']) {
      const answer = await probe(new URL(`/_ui/api/skill?id=${id}`, http).href)
      expect(answer.status).toBe(404)
    }
    // Proof the function is there and callable, so the 404s above are the page refusing it.
    expect(await env.sdk.call('probe::run', { direct: true })).toEqual({ ran: true })
    expect(probed).toEqual([expect.objectContaining({ direct: true })])
  })

  it.each(['cross-site', 'same-site'])('refuses a GET whose Sec-Fetch-Site is %s', async (site) => {
    for (const path of ['/', '/_ui/api/catalogue', '/_ui/api/skill?id=billing', '/_ui/events']) {
      expect((await probe(new URL(path, http).href, { headers: { 'sec-fetch-site': site } })).status).toBe(403)
    }
  })

  it.each(['same-origin', 'none'])('serves a GET whose Sec-Fetch-Site is %s', async (site) => {
    expect((await probe(new URL('/_ui/api/catalogue', http).href, { headers: { 'sec-fetch-site': site } })).status).toBe(200)
  })
})

describe('bounded sessions and streams (E11.6)', () => {
  it('answers 503 with Retry-After past --max-sessions MCP sessions when every one is busy (an open stream each, E18.6)', async () => {
    const streams: AbortController[] = []
    const statuses: number[] = []
    let last
    for (let i = 0; i < 4; i++) {
      last = await probe(new URL('/mcp', http).href, { method: 'POST', headers: MCP_POST, body: INITIALIZE })
      statuses.push(last.status)
      const id = last.headers['mcp-session-id']
      if (typeof id !== 'string') continue
      const controller = new AbortController()
      streams.push(controller)
      await fetch(new URL('/mcp', http), { headers: { accept: 'text/event-stream', 'mcp-session-id': id }, signal: controller.signal })
    }
    expect(statuses).toEqual([200, 200, 200, 503])
    expect(last!.headers['retry-after']).toMatch(/^\d+$/)
    expect(last!.body).toBe('too many open MCP sessions (at most 3); retry later')
    for (const stream of streams) stream.abort()
  })

  it('answers 503 past --max-sessions open catalogue event streams, and lets one in once one closes', async () => {
    const { request } = await import('node:http')
    const open = Array.from({ length: 3 }, () => new Promise<import('node:http').ClientRequest>((resolve) => {
      const req = request(new URL('/_ui/events', http), (res) => res.once('data', () => resolve(req)))
      req.end()
    }))
    const streams = await Promise.all(open)
    const refused = await probe(new URL('/_ui/events', http).href)
    expect(refused.status).toBe(503)
    expect(refused.body).toBe('too many open catalogue event streams (at most 3); retry later')
    streams[0]!.destroy()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await probe(new URL('/_ui/events', http).href)).status).toBe(200)
    for (const stream of streams) stream.destroy()
  })
})

describe('the http triggers alone (--no-mcp) keep the same door (E11.1)', () => {
  it('refuses a foreign Host on the trigger listener and serves a loopback one', async () => {
    const alone = await spawnSkills(['--embedded', '--engine-port', '0', '--mcp-port', '0', '--no-mcp', '--config', DEMO_CONFIG])
    const url = new URL(String((await alone.waitForLog(LOG_HTTP_LISTENING)).url))
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'skills/list', params: {} })
    const headers = { 'content-type': 'application/json' }
    // The worker binds the route once it has registered; wait for it to answer a loopback Host.
    await pollUntil(async () => {
      const served = await probe(new URL('/skills/rpc', url).href, { method: 'POST', headers, body })
      if (served.status !== 200) throw new Error(`status ${served.status}`)
    }, { timeoutMs: 15_000, what: '/skills/rpc to answer' })
    const refused = await probe(new URL('/skills/rpc', url).href, { method: 'POST', headers: { ...headers, host: `evil.example:${url.port}` }, body })
    expect([refused.status, refused.body]).toEqual([403, `host not allowed: evil.example:${url.port}`])
    await alone.stop()
  })
})
