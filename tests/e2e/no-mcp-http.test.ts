/**
 * `--no-mcp` turns off `/mcp`, not the `http` triggers (extensions.md E2): the embedded engine's
 * HTTP port still serves `POST /skills/rpc`, and `/mcp` is then an unbound path (404 envelope).
 * With MCP on, the same port serves both.
 */
import { afterAll, describe, expect, it, vi } from 'vitest'
import { LOG as MCP_LOG } from '../../src/mcp/messages.js'
import { LOG_HTTP_LISTENING } from '../../src/embedded/messages.js'
import { pollUntil } from '../support/poll.js'
import { DEMO_CONFIG, E2E_TIMEOUT_MS, spawnSkills, stopAllChildren } from '../support/processes.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

afterAll(stopAllChildren)

async function post(url: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, text: await response.text() }
}

/** POSTs until the worker has bound the route (it registers in the background after the ready line). */
function rpc(url: string, body: unknown) {
  return pollUntil(async () => {
    const reply = await post(url, body)
    if (reply.status === 404) throw new Error('not bound yet')
    return reply
  }, { timeoutMs: 15_000, what: `POST ${url}` })
}

const UNKNOWN = { jsonrpc: '2.0', id: 1, method: 'nope' }
const UNKNOWN_REPLY = '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found: nope"}}'

describe('the embedded HTTP port', () => {
  it('serves /skills/rpc with --no-mcp, and /mcp is no longer the MCP endpoint', async () => {
    const skills = await spawnSkills(['--embedded', '--engine-port', '0', '--no-mcp', '--mcp-port', '0', '--config', DEMO_CONFIG])
    const base = String((await skills.waitForLog(LOG_HTTP_LISTENING)).url)
    expect(skills.logs.some((line) => line.msg === MCP_LOG.listening)).toBe(false)
    expect((await rpc(`${base}/skills/rpc`, UNKNOWN)).text).toBe(UNKNOWN_REPLY)
    expect(await post(`${base}/mcp`, { jsonrpc: '2.0', id: 1, method: 'ping' })).toEqual({
      status: 404, text: '{"error":{"code":"NOT_FOUND","message":"Not Found"}}',
    })
  })

  it('serves /skills/rpc beside /mcp when MCP is on', async () => {
    const skills = await spawnSkills(['--embedded', '--engine-port', '0', '--mcp-port', '0', '--config', DEMO_CONFIG])
    const mcpUrl = String((await skills.waitForLog(MCP_LOG.listening)).url)
    const base = String((await skills.waitForLog(LOG_HTTP_LISTENING)).url)
    expect(`${base}/mcp`).toBe(mcpUrl)
    expect((await rpc(`${base}/skills/rpc`, UNKNOWN)).text).toBe(UNKNOWN_REPLY)
  })
})
