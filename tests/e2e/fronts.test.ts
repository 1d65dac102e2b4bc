/**
 * E12.4: fronts scale out. One engine (an `--embedded` process, the skills worker on it) and three
 * MCP fronts of it in processes of their own: two HTTP fronts (`--mcp-front --url …`) and a stdio
 * front (`--stdio --url …`), each reached by the SDK v2 client pinned to 2026-07-28. Any front
 * answers any request, and `subscriptions/listen` streams on every front receive a change written to
 * the engine elsewhere (each front's change hub hears the engine's triggers). The write goes through
 * an iii worker: no MCP front can write, `skills::register` being on the hard floor (D2).
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { LOG as MCP_LOG } from '../../src/mcp/messages.js'
import { probe } from '../security/http-probe.js'
import { DEMO_RESOURCE_URIS } from '../support/demo-catalogue.js'
import { connectPinnedHttp, connectPinnedStdio, type PinnedClient } from '../support/mcp-v2-client.js'
import { DEMO_CONFIG, E2E_TIMEOUT_MS, REPO_ROOT, spawnEmbeddedSkills, spawnSkills, stopAllChildren, type EmbeddedSkills, launchEnv } from '../support/processes.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const BIN = join(REPO_ROOT, 'dist/src/main.js')
const LIST_CHANGED = 'notifications/resources/list_changed'
const UPDATED = 'notifications/resources/updated'

let engine: EmbeddedSkills
const fronts: Record<'httpA' | 'httpB' | 'stdio', PinnedClient> = {} as never

const frontUrls: string[] = []

async function httpFront(): Promise<PinnedClient> {
  const front = await spawnSkills(['--mcp-front', '--url', engine.engineUrl, '--mcp-port', '0', '--config', DEMO_CONFIG], {}, { waitFor: MCP_LOG.listening })
  const url = String((await front.waitForLog(MCP_LOG.listening)).url)
  frontUrls.push(url)
  return connectPinnedHttp(url)
}

beforeAll(async () => {
  engine = await spawnEmbeddedSkills(['--config', DEMO_CONFIG])
  const [httpA, httpB, stdio] = await Promise.all([
    httpFront(),
    httpFront(),
    connectPinnedStdio(process.execPath, [BIN, '--stdio', '--url', engine.engineUrl, '--config', join(REPO_ROOT, DEMO_CONFIG)], launchEnv('warn'), REPO_ROOT),
  ])
  Object.assign(fronts, { httpA, httpB, stdio })
})

afterAll(async () => {
  await Promise.all(Object.values(fronts).map((front) => front.close()))
  await engine?.sdk.close()
  await stopAllChildren()
})

/** Opens a listen stream on `front` for the resource list and `uri`; resolves with both notifications once they came. */
async function listenFor(front: PinnedClient, uri: string): Promise<{ received: Promise<unknown[]>; close(): Promise<void> }> {
  const subscription = await front.client.listen({ resourcesListChanged: true, resourceSubscriptions: [uri] })
  expect(subscription.honoredFilter).toEqual({ resourcesListChanged: true, resourceSubscriptions: [uri] })
  const received = Promise.all([front.waitFor(LIST_CHANGED), front.waitFor(UPDATED, uri)]).then((both) => both.map((n) => [n.method, n.params?.uri]))
  return { received, close: () => subscription.close() }
}

describe('three MCP fronts of one engine (E12.4)', () => {
  it('each answers any request with the same catalogue', async () => {
    for (const front of Object.values(fronts)) {
      expect((await front.client.listResources()).resources.map((r) => r.uri)).toEqual(DEMO_RESOURCE_URIS)
      expect((await front.client.readResource({ uri: 'iii://commit-message' })).contents[0]).toMatchObject({ uri: 'iii://commit-message' })
    }
  })

  it('listen streams on all three receive a register written to the engine by another worker', async () => {
    const uri = 'iii://written-by-a-worker'
    const streams = await Promise.all(Object.values(fronts).map((front) => listenFor(front, uri)))
    await engine.sdk.call('skills::register', { id: 'written-by-a-worker', skill: '# Written by a worker\n\nNot through any front.\n' })
    for (const stream of streams) expect(await stream.received).toEqual([[LIST_CHANGED, undefined], [UPDATED, uri]])
    await Promise.all(streams.map((stream) => stream.close()))
  })

  it('keeps E11\'s doors on an HTTP front: a foreign Host or a foreign page\'s Origin is refused with 403', async () => {
    const url = new URL(frontUrls[0]!)
    const discover = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } } })
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' }
    const foreignHost = `evil.example:${url.port}`
    expect(await probe(url.href, { method: 'POST', headers: { ...headers, host: foreignHost }, body: discover })).toMatchObject({ status: 403, body: `host not allowed: ${foreignHost}` })
    expect((await probe(url.href, { method: 'POST', headers: { ...headers, origin: 'https://evil.example' }, body: discover })).status).toBe(403)
    expect((await probe(url.href, { method: 'POST', headers, body: discover })).status).toBe(200)
  })

  it('a listen stream on one front receives a change another front then serves', async () => {
    const uri = 'iii://changed-then-read'
    const stream = await listenFor(fronts.httpA, uri)
    await engine.sdk.call('skills::register', { id: 'changed-then-read', skill: '# Changed then read\n' })
    await stream.received
    for (const front of [fronts.httpB, fronts.stdio]) {
      expect((await front.client.readResource({ uri })).contents).toEqual([{ uri, mimeType: 'text/markdown', text: '# Changed then read\n' }])
    }
    await stream.close()
  })
})
