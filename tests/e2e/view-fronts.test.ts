/**
 * E20.2 for the fronts of a running engine: `--mcp-front --view NAME` (HTTP) and `--stdio --url …
 * --view NAME` serve only that view of the engine's catalogue (the worker there applies it), and an
 * `http` trigger (POST /skills/rpc) opens to a "*" token only (E20.4).
 */
import { chmod, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { LOG as MCP_LOG } from '../../src/mcp/messages.js'
import { connectPinnedHttp, connectPinnedStdio, type PinnedClient } from '../support/mcp-v2-client.js'
import { DEMO_CONFIG, E2E_TIMEOUT_MS, REPO_ROOT, embeddedUrls, spawnEmbeddedSkills, spawnSkills, stopAllChildren, type EmbeddedSkills, launchEnv } from '../support/processes.js'
import { makeTempDir, removeTempDir } from '../support/temp-tree.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const CONFIG = join(REPO_ROOT, DEMO_CONFIG)
let engine: EmbeddedSkills
const fronts: PinnedClient[] = []
let frontUrl: string

beforeAll(async () => {
  engine = await spawnEmbeddedSkills(['--config', CONFIG])
  const front = await spawnSkills(['--mcp-front', '--url', engine.engineUrl, '--mcp-port', '0', '--config', CONFIG, '--view', 'review'], {}, { waitFor: MCP_LOG.listening })
  frontUrl = String((await front.waitForLog(MCP_LOG.listening)).url)
  fronts.push(await connectPinnedHttp(frontUrl))
  fronts.push(await connectPinnedStdio(process.execPath, [join(REPO_ROOT, 'dist/src/main.js'), '--stdio', '--url', engine.engineUrl, '--config', CONFIG, '--view', 'review'], launchEnv('warn'), REPO_ROOT))
})

afterAll(async () => {
  await Promise.all(fronts.map((front) => front.close()))
  await engine?.sdk.close()
  await stopAllChildren()
})

describe('fronts of an engine with --view (E20.2)', () => {
  it.each([0, 1])('front %i lists and reads only the view', async (index) => {
    const client = fronts[index]!.client
    const uris = (await client.listResources()).resources.map((r) => r.uri).filter((u) => u.startsWith('iii://')).sort()
    expect(uris).toEqual(['iii://code-review', 'iii://commit-message', 'iii://skills'])
    await expect(client.readResource({ uri: 'iii://iii-skills' })).rejects.toThrow('Skill not found: iii-skills')
    expect((await client.readResource({ uri: 'iii://code-review' })).contents[0]).toMatchObject({ uri: 'iii://code-review' })
  })

  it('a --view front serves no other view: /mcp/views/{any} is 404', async () => {
    for (const name of ['review', 'docs']) {
      const response = await fetch(`${frontUrl}/views/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      expect([response.status, await response.text()]).toEqual([404, `unknown view "${name}"`])
    }
  })
})

describe('an http trigger with per-agent tokens (E20.4)', () => {
  let dir: string
  let httpUrl: string
  const VIEW_TOKEN = 'review-token-0123456789'
  const ALL_TOKEN = 'all-views-token-0123456789'

  beforeAll(async () => {
    dir = await makeTempDir()
    const tokens = join(dir, 'tokens.yaml')
    await writeFile(tokens, `- token: ${VIEW_TOKEN}\n  views: [review]\n- token: ${ALL_TOKEN}\n  views: "*"\n`)
    await chmod(tokens, 0o600)
    const skills = await spawnSkills(['--embedded', '--engine-port', '0', '--mcp-port', '0', '--config', CONFIG, '--auth-tokens-file', tokens])
    httpUrl = (await embeddedUrls(skills)).mcpUrl.replace(/\/mcp$/, '')
  })
  afterAll(async () => {
    await removeTempDir(dir)
  })

  const rpc = (token: string) => fetch(`${httpUrl}/skills/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'list_skills', params: {} }),
  })

  it('POST /skills/rpc opens to a "*" token, not to a view token: 403 token not allowed here', async () => {
    const refused = await rpc(VIEW_TOKEN)
    expect([refused.status, await refused.text()]).toEqual([403, 'token not allowed here'])
    expect((await rpc(ALL_TOKEN)).status).toBe(200)
  })
})
