/**
 * The curl quickstart, with fetch: POST a JSON-RPC request to the embedded MCP endpoint and read the
 * reply the way `curl -s … | sed -n 's/^data: //p'` does — the `data:` lines of the SSE body.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { pollUntil } from '../support/poll.js'
import { DEMO_CONFIG, E2E_TIMEOUT_MS, embeddedUrls, REPO_ROOT, spawnSkills, stopAllChildren } from '../support/processes.js'
import { connectSdkClient, waitForSkillsWorker } from '../support/sdk-client.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

let mcpUrl: string

beforeAll(async () => {
  const skills = await spawnSkills(['--embedded', '--engine-port', '0', '--mcp-port', '0', '--config', DEMO_CONFIG])
  const urls = await embeddedUrls(skills)
  mcpUrl = urls.mcpUrl
  const sdk = connectSdkClient(urls.engineUrl)
  try {
    await waitForSkillsWorker(sdk)
  } finally {
    await sdk.close()
  }
})

afterAll(stopAllChildren)

/** `curl -s -X POST $URL -H 'content-type: application/json' -H 'accept: application/json, text/event-stream' -d $BODY` */
async function curl(body: unknown): Promise<{ status: number; contentType: string | null; text: string }> {
  const response = await fetch(mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(body),
  })
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() }
}

/** `sed -n 's/^data: //p'`: every line starting with `data: `, that prefix removed. */
function sedData(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice('data: '.length))
}

describe('the curl quickstart', () => {
  it('initializes: one data line whose result speaks protocol 2025-06-18', async () => {
    const reply = await curl({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '0' } },
    })
    expect([reply.status, reply.contentType]).toEqual([200, 'text/event-stream'])
    const data = sedData(reply.text)
    expect(data).toHaveLength(1)
    const message = JSON.parse(data[0]!) as { jsonrpc: string; id: number; result: { protocolVersion: string } }
    expect([message.jsonrpc, message.id, message.result.protocolVersion]).toEqual(['2.0', 1, '2025-06-18'])
  })

  it('lists tools: the names include skill__fetch', async () => {
    const data = sedData((await curl({ jsonrpc: '2.0', id: 2, method: 'tools/list' })).text)
    expect(data).toHaveLength(1)
    const message = JSON.parse(data[0]!) as { id: number; result: { tools: Array<{ name: string }> } }
    expect(message.id).toBe(2)
    expect(message.result.tools.map((tool) => tool.name)).toContain('skill__fetch')
  })

  it('accepts the initialized notification with 202 and no data line', async () => {
    const reply = await curl({ jsonrpc: '2.0', method: 'notifications/initialized' })
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
      result: {
        skills: [
          { name: 'code-review', version: '0.2.0' },
          { name: 'commit-message', version: '1.0.0' },
          { name: 'iii-skills', version: '0.0.0' },
          { name: 'iii-skills.publishing', version: '0.0.0' },
        ],
        next_cursor: null,
      },
    })
  })

  it('describe_skill gives the skill.toml manifest of commit-message', async () => {
    const reply = await curlRpc({ jsonrpc: '2.0', id: 2, method: 'describe_skill', params: { name: 'commit-message', detail: 'manifest' } })
    expect(reply.message).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: {
        skill: {
          manifest: {
            name: 'commit-message',
            version: '1.0.0',
            description: 'Write a git commit message for staged changes.',
            kind: 'instruction',
            requires: { tools: ['git'] },
          },
        },
      },
    })
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
