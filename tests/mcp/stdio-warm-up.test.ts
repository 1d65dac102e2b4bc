/**
 * E16.2: the full profile's stdio warms the path of a client's first requests in memory before it
 * serves stdin (src/mcp/stdio-warm-up.ts): its requests reach the worker, none of its answers reach
 * the client, and the client is served all the same when the worker is slow.
 */
import { PassThrough, Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createMcpFront, startMcpStdio, type McpStdioServer } from '../../src/mcp/index.js'
import { warmUpStdio } from '../../src/mcp/stdio-warm-up.js'
import { fakeBackend, type Handler } from './fake-backend.js'
import { silentLogger } from '../support/silent-logger.js'
import { captureLogger } from '../support/temp-tree.js'

const SKILL_MD_START_CURSOR = Buffer.from('s:').toString('base64url')

/** A worker with `iii` `iii://` resources (the index included) and as many SKILL.md entries as skills. */
function worker(iii: number): Record<string, Handler> {
  const ids = Array.from({ length: iii - 1 }, (_, i) => `s${String(i).padStart(4, '0')}`)
  const resources = [{ uri: 'iii://skills', name: 'skills', mimeType: 'text/markdown' }, ...ids.map((id) => ({ uri: `iii://${id}`, name: id, mimeType: 'text/markdown' }))]
  const skills = ids.map((id) => ({ uri: `skill://${id}/SKILL.md`, frontmatter: { name: id, description: `Skill ${id}.` } }))
  return {
    'skills::mcp-resources-list': (data) => {
      const { offset, limit } = data as { offset: number; limit: number }
      return { resources: resources.slice(offset, offset + limit), total: resources.length }
    },
    'skills::sep-list': (data) => {
      const { after, limit } = data as { after?: string; limit: number }
      const from = after === undefined ? 0 : skills.findIndex((s) => s.uri === after) + 1
      return { skills: skills.slice(from, from + limit), more: from + limit < skills.length }
    },
  }
}

function lines(): { stream: Writable; lines: string[] } {
  const out: string[] = []
  let pending = ''
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      pending += String(chunk)
      const parts = pending.split('\n')
      pending = parts.pop() as string
      out.push(...parts)
      callback()
    },
  })
  return { stream, lines: out }
}

const listCalls = (calls: Array<{ functionId: string; data: unknown }>) =>
  calls.filter((c) => c.functionId !== 'skills::mcp-resources-list' || (c.data as { limit: number }).limit !== 1).map((c) => [c.functionId, c.data])

describe('stdio warm-up (E16.2)', () => {
  let server: McpStdioServer | undefined

  it('asks the worker for the first page before stdin is served, and writes nothing to the client', async () => {
    const backend = fakeBackend({ handlers: worker(18) })
    const front = createMcpFront({ backend, profile: 'full', log: silentLogger(), serverVersion: '0' })
    const stdin = new PassThrough()
    const stdout = lines()
    server = await startMcpStdio({ ctx: front.ctx, stdin, stdout: stdout.stream, warmUp: true })
    // One page holds the whole listing (18 iii:// entries, then the SKILL.md part in the room left):
    // the warm-up reads no second one.
    expect(listCalls(backend.calls)).toEqual([
      ['skills::mcp-resources-list', { offset: 0, limit: 500 }],
      ['skills::sep-list', { digests: false, limit: 482 }],
    ])
    expect(stdout.lines).toEqual([])
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } } })}\n`)
    await until(() => stdout.lines.length === 1)
    const answer = JSON.parse(stdout.lines[0] as string) as { id: number; result: { serverInfo: { name: string } } }
    expect([answer.id, answer.result.serverInfo.name]).toEqual([1, 'iii-skills'])
    await server.close()
    front.close()
  })

  it('reads the first page of the SKILL.md part too when the listing has more pages', async () => {
    const backend = fakeBackend({ handlers: worker(1201) })
    const front = createMcpFront({ backend, profile: 'full', log: silentLogger(), serverVersion: '0' })
    const stdout = lines()
    server = await startMcpStdio({ ctx: front.ctx, stdin: new PassThrough(), stdout: stdout.stream, warmUp: true })
    expect(listCalls(backend.calls)).toEqual([
      ['skills::mcp-resources-list', { offset: 0, limit: 500 }],
      ['skills::sep-list', { digests: false, limit: 500 }],
    ])
    expect(stdout.lines).toEqual([])
    await server.close()
    front.close()
  })

  it('does not run over a remote engine (no warmUp): nothing is asked of the backend before a client asks', async () => {
    const backend = fakeBackend({ handlers: worker(18) })
    const front = createMcpFront({ backend, profile: 'full', log: silentLogger(), serverVersion: '0' })
    server = await startMcpStdio({ ctx: front.ctx, stdin: new PassThrough(), stdout: lines().stream })
    expect(backend.calls).toEqual([])
    await server.close()
    front.close()
  })

  it('sends the requests a client opens with, through the served streams, then closes its session', async () => {
    const backend = fakeBackend({ handlers: worker(1201) })
    const front = createMcpFront({ backend, profile: 'full', log: silentLogger(), serverVersion: '0' })
    const seen: string[] = []
    let closed = 0
    await warmUpStdio(front.ctx, (stdin, stdout) => {
      stdin.on('data', (chunk: Buffer) => seen.push(...String(chunk).trim().split('\n')))
      const answers = new PassThrough()
      stdin.on('data', (chunk: Buffer) => {
        for (const line of String(chunk).trim().split('\n')) {
          const request = JSON.parse(line) as { id?: number; method: string }
          if (request.id === undefined) continue
          const result = request.method === 'resources/list' && request.id === 2 ? { resources: [], nextCursor: 'x' } : {}
          answers.write(`${JSON.stringify({ jsonrpc: '2.0', id: request.id, result })}\n`)
        }
      })
      answers.on('data', (chunk: Buffer) => stdout.write(chunk))
      return { closed: new Promise(() => undefined), close: async () => void closed++ }
    })
    expect(seen.map((line) => JSON.parse(line) as { id?: number; method: string; params?: unknown }).map((m) => [m.id, m.method, m.params])).toEqual([
      [1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'iii-skills-warm-up', version: '0' } }],
      [undefined, 'notifications/initialized', undefined],
      [2, 'resources/list', {}],
      [3, 'resources/list', { cursor: SKILL_MD_START_CURSOR }],
    ])
    expect(closed).toBe(1)
    front.close()
  })

  it('gives up on listing pages that take longer than its limit, and logs it at debug', async () => {
    const { log, lines: logLines } = captureLogger()
    const backend = fakeBackend({ handlers: worker(3) })
    const front = createMcpFront({ backend, profile: 'full', log, serverVersion: '0' })
    let closed = 0
    const started = Date.now()
    await warmUpStdio(front.ctx, (stdin, stdout) => {
      stdin.on('data', (chunk: Buffer) => {
        for (const line of String(chunk).trim().split('\n')) {
          const request = JSON.parse(line) as { id?: number; method: string }
          // initialize is answered; the listing never is.
          if (request.method === 'initialize') stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: {} })}\n`)
        }
      })
      return { closed: new Promise(() => undefined), close: async () => void closed++ }
    }, 50)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(closed).toBe(1)
    expect(logLines().filter((r) => r.msg.startsWith('mcp stdio warm')).map((r) => [r.level, r.msg, r.timeout_ms])).toEqual([
      [20, 'mcp stdio warm-up took too long; serving the client all the same', 50],
    ])
    front.close()
  })
})


describe('stdio warm-up limits (E16.2)', () => {
  it('gives up on an initialize that is not answered in time, and sends nothing after it', async () => {
    const { log, lines: logLines } = captureLogger()
    const front = createMcpFront({ backend: fakeBackend({ handlers: worker(3) }), profile: 'full', log, serverVersion: '0' })
    const seen: string[] = []
    let closed = 0
    await warmUpStdio(front.ctx, (stdin) => {
      stdin.on('data', (chunk: Buffer) => seen.push(...String(chunk).trim().split('\n')))
      return { close: async () => void closed++ }
    }, 50, 30)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(seen.map((line) => (JSON.parse(line) as { method: string }).method)).toEqual(['initialize'])
    expect(closed).toBe(1)
    expect(logLines().filter((r) => r.msg.startsWith('mcp stdio warm')).map((r) => [r.level, r.msg, r.timeout_ms])).toEqual([
      [20, 'mcp stdio warm-up took too long; serving the client all the same', 30],
    ])
    front.close()
  })
})

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5))
  expect(done()).toBe(true)
}
