/**
 * The curl quickstart, with fetch: POST a JSON-RPC request to the embedded MCP endpoint and read the
 * reply the way `curl -s … | sed -n 's/^data: //p'` does — the `data:` lines of the SSE body.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEMO_CONFIG, E2E_TIMEOUT_MS, embeddedUrls, spawnSkills, stopAllChildren } from '../support/processes.js'
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
