import { createHash } from 'node:crypto'
/**
 * The README's curl quickstart, with fetch: POST JSON-RPC requests to the embedded MCP endpoint and
 * read each reply the way `curl -s … | sed -n 's/^data: //p'` does — the `data:` lines of the SSE
 * body. The default (full) profile wants a session: `initialize` answers with an `mcp-session-id`
 * header (read from `curl -D`'s header dump) that every later request carries, and DELETE ends it.
 * The bridge profile answers the same requests without a session, as the iii `mcp` worker does.
 */
import { readFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { goldenText } from '../support/golden.js'
import { pollUntil } from '../support/poll.js'
import { DEMO_SKILL_NAMES } from '../support/demo-catalogue.js'
import { DEMO_CONFIG, E2E_TIMEOUT_MS, embeddedUrls, REPO_ROOT, spawnEmbeddedSkills, spawnSkills, stopAllChildren } from '../support/processes.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '0' } },
}

async function startEmbedded(extraArgs: string[]): Promise<string> {
  const { sdk, mcpUrl } = await spawnEmbeddedSkills([...extraArgs, '--config', DEMO_CONFIG])
  await sdk.close()
  return mcpUrl
}

afterAll(stopAllChildren)

interface CurlReply {
  status: number
  headers: Headers
  text: string
}

/** `curl -sN $MCP -H 'content-type: application/json' -H 'accept: application/json, text/event-stream' [-H "mcp-session-id: $SESSION"] -d $BODY` */
async function curl(url: string, body: unknown, session?: string): Promise<CurlReply> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
  if (session !== undefined) headers['mcp-session-id'] = session
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** `sed -n 's/^data: //p'`: every line starting with `data: `, that prefix removed. */
function sedData(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice('data: '.length))
}

function onlyMessage<T>(reply: CurlReply): T {
  const data = sedData(reply.text)
  expect(data).toHaveLength(1)
  return JSON.parse(data[0]!) as T
}

describe('the curl quickstart (full profile, the default)', () => {
  let mcpUrl: string
  let session: string

  beforeAll(async () => {
    mcpUrl = await startEmbedded([])
  })

  it('initializes: one data line speaking protocol 2025-06-18, and an mcp-session-id header', async () => {
    const reply = await curl(mcpUrl, INITIALIZE)
    expect([reply.status, reply.headers.get('content-type')]).toEqual([200, 'text/event-stream'])
    const message = onlyMessage<{ jsonrpc: string; id: number; result: { protocolVersion: string } }>(reply)
    expect([message.jsonrpc, message.id, message.result.protocolVersion]).toEqual(['2.0', 1, '2025-06-18'])
    // SESSION=$(grep -i '^mcp-session-id:' /tmp/mcp-headers | cut -d' ' -f2 | tr -d '\r')
    session = reply.headers.get('mcp-session-id') ?? ''
    expect(session).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('lists tools in that session: the names include skill__fetch', async () => {
    const message = onlyMessage<{ id: number; result: { tools: Array<{ name: string }> } }>(
      await curl(mcpUrl, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, session),
    )
    expect(message.id).toBe(2)
    expect(message.result.tools.map((tool) => tool.name)).toContain('skill__fetch')
  })

  it('reads the index in that session', async () => {
    const message = onlyMessage<{ result: { contents: Array<{ text: string }> } }>(
      await curl(mcpUrl, { jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'iii://skills' } }, session),
    )
    expect(message.result.contents[0]!.text).toMatch(/^# Skills\n[\s\S]*\(iii:\/\/iii-skills\/publishing\)/)
  })

  it('refuses a request without the session header with 400', async () => {
    const reply = await curl(mcpUrl, { jsonrpc: '2.0', id: 4, method: 'tools/list' })
    expect([reply.status, JSON.parse(reply.text)]).toEqual([
      400,
      { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request: No valid session ID provided' } },
    ])
  })

  it('ends the session with DELETE; the session is then unknown (404)', async () => {
    const deleted = await fetch(mcpUrl, { method: 'DELETE', headers: { 'mcp-session-id': session } })
    await deleted.body?.cancel()
    expect(deleted.status).toBe(200)
    const reply = await curl(mcpUrl, { jsonrpc: '2.0', id: 5, method: 'tools/list' }, session)
    expect([reply.status, JSON.parse(reply.text)]).toEqual([
      404,
      { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } },
    ])
  })
})

describe('the curl quickstart with --mcp-profile bridge (no session)', () => {
  let mcpUrl: string

  beforeAll(async () => {
    mcpUrl = await startEmbedded(['--mcp-profile', 'bridge'])
  })

  it('initializes: one data line speaking 2025-06-18, and no session header', async () => {
    const reply = await curl(mcpUrl, INITIALIZE)
    expect([reply.status, reply.headers.get('content-type'), reply.headers.get('mcp-session-id')]).toEqual([200, 'text/event-stream', null])
    expect(onlyMessage<{ result: { protocolVersion: string } }>(reply).result.protocolVersion).toBe('2025-06-18')
  })

  it('lists tools without a session: the names include skill__fetch', async () => {
    const message = onlyMessage<{ id: number; result: { tools: Array<{ name: string }> } }>(
      await curl(mcpUrl, { jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    )
    expect(message.result.tools.map((tool) => tool.name)).toContain('skill__fetch')
  })

  it('accepts the initialized notification with 202 and no data line', async () => {
    const reply = await curl(mcpUrl, { jsonrpc: '2.0', method: 'notifications/initialized' })
    expect([reply.status, sedData(reply.text)]).toEqual([202, []])
  })
})

/**
 * The README's JSON-RPC quickstart: `curl -s -X POST http://127.0.0.1:3111/skills/rpc -H
 * 'content-type: application/json' -d $BODY` against the same process, on the MCP endpoint's port.
 */
describe('the JSON-RPC quickstart (POST /skills/rpc)', () => {
  let rpcUrl: string

  beforeAll(async () => {
    const skills = await spawnSkills(['--embedded', '--engine-port', '0', '--mcp-port', '0', '--config', DEMO_CONFIG])
    rpcUrl = new URL('/skills/rpc', (await embeddedUrls(skills)).mcpUrl).href
  })

  async function curlRpc(body: unknown): Promise<{ status: number; contentType: string | null; message: any }> {
    return pollUntil(async () => {
      const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      if (response.status === 404) throw new Error('skills::rpc not bound yet')
      return { status: response.status, contentType: response.headers.get('content-type'), message: await response.json() }
    }, { timeoutMs: 20_000, what: `POST ${rpcUrl}` })
  }

  it('list_skills returns the demo skills, Agent Skills folders included', async () => {
    const reply = await curlRpc({ jsonrpc: '2.0', id: 1, method: 'list_skills' })
    expect([reply.status, reply.contentType]).toEqual([200, 'application/json'])
    expect(reply.message).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { skills: DEMO_SKILL_NAMES, next_cursor: null },
    })
  })

  it('describe_skill gives the skill.toml manifest of commit-message', async () => {
    const reply = await curlRpc({ jsonrpc: '2.0', id: 2, method: 'describe_skill', params: { name: 'commit-message', detail: 'manifest' } })
    const onDisk = readFileSync(join(REPO_ROOT, 'tests/fixtures/demo/agent-skills/commit-message/SKILL.md'))
    expect(reply.message.result.skill.digest).toBe(`sha256:${createHash('sha256').update(onDisk).digest('hex')}`)
    await expect(goldenText(reply.message)).toMatchFileSnapshot('./__snapshots__/curl-describe-commit-message-manifest.json')
  })

  it('read_skill_file returns a file of the commit-message folder as it is on disk', async () => {
    const path = 'references/examples.md'
    const reply = await curlRpc({ jsonrpc: '2.0', id: 3, method: 'read_skill_file', params: { name: 'commit-message', path } })
    const onDisk = await readFile(join(REPO_ROOT, 'tests/fixtures/demo/agent-skills/commit-message', path), 'utf8')
    expect(reply.message).toEqual({ jsonrpc: '2.0', id: 3, result: { content: onDisk } })
  })

  it('an unknown skill is -32602 naming it', async () => {
    const reply = await curlRpc({ jsonrpc: '2.0', id: 4, method: 'describe_skill', params: { name: 'nope' } })
    expect(reply.message).toEqual({ jsonrpc: '2.0', id: 4, error: { code: -32602, message: 'Skill not found: nope' } })
  })
})
