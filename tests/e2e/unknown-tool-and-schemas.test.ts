/**
 * E18.2 and E18.4 on the real process, full profile, both revisions, HTTP and stdio: `tools/call` with
 * a name `tools/list` never showed is the JSON-RPC error -32602 `Unknown tool: {name}`; no published
 * `inputSchema` holds a `type` array or the type `null`, and a `null` for an optional field is still
 * taken as absent. (That nothing reaches the engine is tests/mcp/unknown-tool.test.ts, on a recording backend.)
 */
import type { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { TOOL_FACES } from '../../src/functions/registry.js'
import { connectMcpClient, type ConnectedMcpClient } from '../support/mcp-client.js'
import { connectPinnedHttp, connectPinnedStdio, type PinnedClient } from '../support/mcp-v2-client.js'
import { DEMO_CONFIG, E2E_TIMEOUT_MS, REPO_ROOT, spawnEmbeddedSkills, stopAllChildren, type EmbeddedSkills, launchEnv } from '../support/processes.js'
import { connectStdioClient } from '../support/stdio-client.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

type AnyClient = Pick<V1Client, 'callTool' | 'listTools'>

let embedded: EmbeddedSkills
const clients: Array<[string, AnyClient]> = []
const closers: Array<() => Promise<void>> = []

beforeAll(async () => {
  embedded = await spawnEmbeddedSkills(['--config', DEMO_CONFIG])
  const v1Http: ConnectedMcpClient = await connectMcpClient(embedded.mcpUrl)
  const v2Http: PinnedClient = await connectPinnedHttp(embedded.mcpUrl)
  const v1Stdio = await connectStdioClient(['--config', `${REPO_ROOT}/${DEMO_CONFIG}`], { env: { LOG_LEVEL: 'warn' } })
  const env = launchEnv()
  const v2Stdio = await connectPinnedStdio(process.execPath, [`${REPO_ROOT}/dist/src/main.js`, '--stdio', '--config', `${REPO_ROOT}/${DEMO_CONFIG}`], env, REPO_ROOT)
  clients.push(['2025-11-25 over HTTP', v1Http.client], ['2026-07-28 over HTTP', v2Http.client as unknown as AnyClient],
    ['2025-11-25 over stdio', v1Stdio], ['2026-07-28 over stdio', v2Stdio.client as unknown as AnyClient])
  closers.push(() => v1Http.close(), () => v2Http.close(), () => v1Stdio.close(), () => v2Stdio.close())
})

afterAll(async () => {
  for (const close of closers) await close().catch(() => undefined)
  await embedded?.sdk.close()
  await stopAllChildren()
})

/** Every place in a schema where a `type` array or the type `null` sits, by JSON path. */
function unportable(schema: unknown, path = ''): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, i) => unportable(item, `${path}[${i}]`))
  if (typeof schema !== 'object' || schema === null) return []
  const own = Object.hasOwn(schema, 'type') && (Array.isArray((schema as { type: unknown }).type) || (schema as { type: unknown }).type === 'null') ? [path] : []
  return [...own, ...Object.entries(schema).flatMap(([key, value]) => unportable(value, `${path}/${key}`))]
}

describe.each([0, 1, 2, 3])('full profile client %i (E18.2, E18.4)', (index) => {
  const client = () => clients[index]![1]

  it.each(['test_missing_capability', 'skill__serch', 'skills__fetch_skill', 'engine__functions__list'])('answers tools/call %s with -32602 Unknown tool', async (name) => {
    await expect(client().callTool({ name, arguments: {} })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining(`Unknown tool: ${name}`) })
  })

  it('publishes input schemas without type arrays or null, and takes a null optional field as absent', async () => {
    const { tools } = await client().listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOL_FACES.values()].map((tool) => tool.name).sort())
    expect(tools.flatMap((tool) => unportable(tool.inputSchema).map((where) => `${tool.name}${where}`))).toEqual([])
    const search = tools.find((tool) => tool.name === 'skill__search')!
    expect(search.inputSchema.properties).toMatchObject({ limit: { type: 'integer' }, under: { type: 'string' } })
    const withNull = await client().callTool({ name: 'skill__search', arguments: { query: 'demo', limit: null, under: null } })
    const without = await client().callTool({ name: 'skill__search', arguments: { query: 'demo' } })
    expect(withNull.isError).toBeUndefined()
    expect(withNull.structuredContent).toEqual(without.structuredContent)
  })
})
