/**
 * E12.2, E12.5: the MCP SDK v2 client pinned to 2026-07-28 against the real process, over HTTP
 * (`--embedded`) and over stdio (`--stdio`, the compiled bin): it connects through `server/discover`,
 * lists and reads with the per-request `_meta` envelope, reads the cache hints and `resultType` the
 * SDK checks, gets -32602 for an unknown resource, and a `subscriptions/listen` stream receives the
 * list change and the resource update of a skill registered through the engine.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEMO_RESOURCE_URIS } from '../support/demo-catalogue.js'
import { connectPinnedHttp, connectPinnedStdio, MODERN, type PinnedClient } from '../support/mcp-v2-client.js'
import { DEMO_CONFIG, E2E_TIMEOUT_MS, freePort, REPO_ROOT, spawnEmbeddedSkills, stopAllChildren, type EmbeddedSkills, launchEnv } from '../support/processes.js'
import { connectSdkClient, waitForSkillsWorker, type SdkClient } from '../support/sdk-client.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const BIN = join(REPO_ROOT, 'dist/src/main.js')
const LIST_CHANGED = 'notifications/resources/list_changed'
const UPDATED = 'notifications/resources/updated'

/** The same checks on either transport: `client` pinned, `engine` a worker client of the engine behind it. */
function behavesAsA2026Server(setup: () => { mcp: PinnedClient; engine: SdkClient }, id: string) {
  it('connects through server/discover at 2026-07-28, as iii-skills with the Skills Extension', () => {
    const { mcp } = setup()
    expect(mcp.client.getNegotiatedProtocolVersion()).toBe(MODERN)
    expect(mcp.client.getServerVersion()?.name).toBe('iii-skills')
    expect(mcp.client.getServerCapabilities()).toMatchObject({
      tools: { listChanged: true },
      resources: { listChanged: true, subscribe: true },
      prompts: { listChanged: true },
      completions: {},
      extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } },
    })
  })

  it('lists the demo catalogue and reads a skill', async () => {
    const { mcp } = setup()
    expect((await mcp.client.listResources()).resources.map((r) => r.uri)).toEqual(DEMO_RESOURCE_URIS)
    const { contents } = await mcp.client.readResource({ uri: 'iii://code-review' })
    expect(contents).toHaveLength(1)
    expect(contents[0]).toMatchObject({ uri: 'iii://code-review', mimeType: 'text/markdown' })
  })

  it('answers an unknown resource with -32602, its own text and the URI', async () => {
    const { mcp } = setup()
    await expect(mcp.client.readResource({ uri: 'iii://no-such-skill' })).rejects.toMatchObject({
      code: -32602,
      message: 'Skill not found: no-such-skill',
      data: { uri: 'iii://no-such-skill' },
    })
  })

  it('delivers a register made through the engine on an open listen stream', async () => {
    const { mcp, engine } = setup()
    const uri = `iii://${id}`
    const subscription = await mcp.client.listen({ resourcesListChanged: true, resourceSubscriptions: [uri] })
    expect(subscription.honoredFilter).toEqual({ resourcesListChanged: true, resourceSubscriptions: [uri] })
    const listChanged = mcp.waitFor(LIST_CHANGED)
    const updated = mcp.waitFor(UPDATED, uri)
    await engine.call('skills::register', { id, skill: `# ${id}\n\nRegistered by a test.\n` })
    expect((await listChanged).method).toBe(LIST_CHANGED)
    expect((await updated).params).toMatchObject({ uri })
    await subscription.close()
    expect(await subscription.closed).toBe('local')
  })
}

describe('a v2 client pinned to 2026-07-28 over HTTP', () => {
  let skills: EmbeddedSkills
  let mcp: PinnedClient
  beforeAll(async () => {
    skills = await spawnEmbeddedSkills(['--config', DEMO_CONFIG])
    mcp = await connectPinnedHttp(skills.mcpUrl)
  })
  afterAll(async () => {
    await mcp?.close()
    await skills?.sdk.close()
    await stopAllChildren()
  })
  behavesAsA2026Server(() => ({ mcp, engine: skills.sdk }), 'v2-http-demo')

  it('puts resultType, the cache hints (ttlMs = cache.max_staleness_ms) and its identity on the wire', async () => {
    const response = await fetch(skills.mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': MODERN, 'mcp-method': 'resources/templates/list' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/templates/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} } } }),
    })
    const { result } = (await response.json()) as { result: Record<string, unknown> }
    expect({ ...result, resourceTemplates: undefined }).toEqual({
      resourceTemplates: undefined,
      ttlMs: 1000,
      cacheScope: 'public',
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'iii-skills', version: expect.any(String) } },
    })
  })
})

describe('a v2 client pinned to 2026-07-28 over stdio', () => {
  let mcp: PinnedClient
  let engine: SdkClient
  beforeAll(async () => {
    const enginePort = await freePort()
    mcp = await connectPinnedStdio(process.execPath, [BIN, '--stdio', '--config', join(REPO_ROOT, DEMO_CONFIG), '--engine-port', String(enginePort)], launchEnv('warn'), REPO_ROOT)
    engine = connectSdkClient(`ws://127.0.0.1:${enginePort}`)
    await waitForSkillsWorker(engine)
  })
  afterAll(async () => {
    await mcp?.close()
    await engine?.close()
  })
  behavesAsA2026Server(() => ({ mcp, engine }), 'v2-stdio-demo')
})

describe('the per-request log level of 2026-07-28 (E12.2)', () => {
  let skills: EmbeddedSkills
  let mcp: PinnedClient
  beforeAll(async () => {
    // broken-yaml, wrong-name and the rest: a catalogue whose loading skips and warns.
    skills = await spawnEmbeddedSkills(['--config', 'tests/fixtures/sep-2640/config.yaml', '--skills-dir', 'tests/fixtures/agent-skills/skills'])
    mcp = await connectPinnedHttp(skills.mcpUrl)
  })
  afterAll(async () => {
    await mcp?.close()
    await skills?.sdk.close()
    await stopAllChildren()
  })

  const messages = () => mcp.notifications.filter((n) => n.method === 'notifications/message')

  it('sends no skips or warnings to a request that names no level', async () => {
    await mcp.client.listResources(undefined, { cacheMode: 'bypass' })
    expect(messages()).toEqual([])
  })

  it('sends the skips and warnings, as warnings of logger iii-skills, to a listing that asks for them', async () => {
    const diagnostics = await skills.sdk.call<{ skipped: unknown[]; warnings: unknown[] }>('skills::diagnostics', {})
    expect(diagnostics.skipped.length + diagnostics.warnings.length).toBeGreaterThan(0)
    await mcp.client.listResources({ _meta: { 'io.modelcontextprotocol/logLevel': 'warning' } }, { cacheMode: 'bypass' })
    expect(messages().map((n) => n.params)).toEqual([
      ...diagnostics.skipped.map((skipped) => ({ level: 'warning', logger: 'iii-skills', data: { skipped } })),
      ...diagnostics.warnings.map((warning) => ({ level: 'warning', logger: 'iii-skills', data: { warning } })),
    ])
  })
})
