/**
 * `iii-skills --embedded` with its default MCP profile (full), as `npm start` runs it, driven by the
 * official SDK client over Streamable HTTP: the session's capabilities, the whole resource tree, and
 * a notification on the GET stream when another worker publishes a skill.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectMcpClient, type ConnectedMcpClient } from '../support/mcp-client.js'
import { LIST_CHANGED, recordNotifications, RESOURCE_UPDATED } from '../support/mcp-notifications.js'
import { DEMO_RESOURCE_URIS } from '../support/demo-catalogue.js'
import { DEMO_CONFIG, E2E_TIMEOUT_MS, spawnEmbeddedSkills, stopAllChildren } from '../support/processes.js'
import type { SdkClient } from '../support/sdk-client.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

let mcpUrl: string
let sdk: SdkClient
let mcp: ConnectedMcpClient

beforeAll(async () => {
  ;({ mcpUrl, sdk } = await spawnEmbeddedSkills(['--config', DEMO_CONFIG]))
  mcp = await connectMcpClient(mcpUrl)
})

afterAll(async () => {
  await mcp?.close()
  await sdk?.close()
  await stopAllChildren()
})

afterEach(() => {
  expect(mcp.errors).toEqual([])
})

describe('an MCP client on the default (full) endpoint of --embedded', () => {
  it('gets a session with list-changed and subscribe capabilities', () => {
    expect(mcp.client.getServerCapabilities()).toEqual({
      tools: { listChanged: true },
      resources: { listChanged: true, subscribe: true },
      prompts: { listChanged: true },
      logging: {},
      extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } },
    })
  })

  it('lists the whole demo tree', async () => {
    expect((await mcp.client.listResources()).resources.map((r) => r.uri)).toEqual(DEMO_RESOURCE_URIS)
  })

  it('hears of a skill another worker publishes within 1 s, and of the index it changed', async () => {
    const log = recordNotifications(mcp.client)
    await mcp.client.subscribeResource({ uri: 'iii://skills' })
    await sdk.call('skills::register', { id: 'published', skill: '# Published\n\nBy another worker.\n' })
    await log.waitFor(LIST_CHANGED.resources)
    await log.waitFor(RESOURCE_UPDATED, { uri: 'iii://skills' })
    const { contents } = await mcp.client.readResource({ uri: 'iii://skills' })
    expect(contents[0]).toMatchObject({ text: expect.stringContaining('(iii://published)') })
  })
})
