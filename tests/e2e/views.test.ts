/**
 * E20 on the built command, through real MCP clients: SDK v1 (2025-11-25) and SDK v2 pinned to
 * 2026-07-28, over HTTP at /mcp/views/review and over stdio with `--view review`. A view's endpoint
 * lists, reads, searches, completes and notifies only its skills; any other skill is answered exactly
 * as one that does not exist. Then every door with per-agent tokens (E20.4) and the errors (E20.5).
 */
import { chmod, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectMcpClient } from '../support/mcp-client.js'
import { LIST_CHANGED, RESOURCE_UPDATED, recordNotifications, type NotificationLog } from '../support/mcp-notifications.js'
import { connectPinnedHttp, connectPinnedStdio } from '../support/mcp-v2-client.js'
import { E2E_TIMEOUT_MS, REPO_ROOT, embeddedUrls, runSkills, spawnEmbeddedSkills, spawnSkills, stopAllChildren, type EmbeddedSkills, launchEnv } from '../support/processes.js'
import { connectSdkClient, waitForSkillsWorker, type SdkClient } from '../support/sdk-client.js'
import { connectStdioClient } from '../support/stdio-client.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

type AnyClient = Pick<V1Client, 'callTool' | 'listResources' | 'readResource' | 'listPrompts' | 'getPrompt' | 'complete' | 'getInstructions'>
interface Connected {
  name: string
  client: AnyClient
  log: NotificationLog
  /** 2026-07-28: notifications come on a listen stream the client opens. */
  listen?: () => Promise<{ close(): Promise<void> }>
  close(): Promise<void>
}

const skill = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill, to review code and query data.\n---\n# ${name}\n\nReview code and query data with ${name}.\n`
const ALL_TOKEN = 'all-views-token-0123456789'
const REVIEW_TOKEN = 'review-token-0123456789'

let root: string
let embedded: EmbeddedSkills
const connected: Connected[] = []

beforeAll(async () => {
  root = await makeTempDir()
  await writeTree(root, {
    'skills/review-code/SKILL.md': skill('review-code'),
    'skills/review-docs/SKILL.md': skill('review-docs'),
    'skills/data-sql/SKILL.md': skill('data-sql'),
    'prompts/review.md': '---\ndescription: Review prompt.\n---\nReview it.\n',
    'prompts/query.md': '---\ndescription: Query prompt.\n---\nQuery it.\n',
    'config.yaml': 'skills: ["skills/*/SKILL.md"]\nprompts: ["prompts/*.md"]\nviews:\n  review:\n    include: ["review-*"]\n    prompts: ["review"]\n  data:\n    include: ["data-*"]\n    prompts: []\n',
  })
  embedded = await spawnEmbeddedSkills(['--config', join(root, 'config.yaml')])
  const viewUrl = embedded.mcpUrl.replace(/\/mcp$/, '/mcp/views/review')
  const env = launchEnv()
  const stdioArgs = ['--config', join(root, 'config.yaml'), '--view', 'review']
  const v1Http = await connectMcpClient(viewUrl)
  const v2Http = await connectPinnedHttp(viewUrl)
  const v1Stdio = await connectStdioClient(stdioArgs, { env: { LOG_LEVEL: 'warn' } })
  const v2Stdio = await connectPinnedStdio(process.execPath, [`${REPO_ROOT}/dist/src/main.js`, '--stdio', ...stdioArgs], env, REPO_ROOT)
  connected.push(
    { name: 'SDK v1, 2025-11-25, HTTP', client: v1Http.client, log: recordNotifications(v1Http.client), close: v1Http.close },
    { name: 'SDK v2, 2026-07-28, HTTP', client: v2Http.client as unknown as AnyClient, log: recordNotifications(v2Http.client), listen: () => v2Http.client.listen({ resourcesListChanged: true }), close: v2Http.close },
    { name: 'SDK v1, 2025-11-25, stdio', client: v1Stdio, log: recordNotifications(v1Stdio), close: () => v1Stdio.close() },
    { name: 'SDK v2, 2026-07-28, stdio', client: v2Stdio.client as unknown as AnyClient, log: recordNotifications(v2Stdio.client), listen: () => v2Stdio.client.listen({ resourcesListChanged: true }), close: v2Stdio.close },
  )
})

afterAll(async () => {
  for (const c of connected) await c.close().catch(() => undefined)
  await embedded?.sdk.close()
  await stopAllChildren()
  if (root !== undefined) await removeTempDir(root)
})

/** A failed call's error message, or the call's result. */
async function outcome(call: Promise<unknown>): Promise<unknown> {
  try {
    return { result: await call }
  } catch (error) {
    return { error: (error as Error).message }
  }
}
const named = (value: unknown, id: string) => JSON.parse(JSON.stringify(value).replaceAll(id, '<id>'))
const iiiIds = (value: unknown) => [...new Set(JSON.stringify(value).match(/(?<=iii:\/\/)[a-z-]+(?=[#")\\])/g) ?? [])].sort()

describe.each([0, 1, 2, 3])('a view through client %i (E20.2, E20.3)', (index) => {
  const c = () => connected[index]!

  it('lists only the view: resources, the index, prompts, the instructions\' count', async () => {
    const { resources } = await c().client.listResources()
    expect(iiiIds(resources)).toEqual(['review-code', 'review-docs', 'skills'])
    expect(resources.map((r) => r.uri).filter((u) => u.startsWith('skill://')).sort()).toEqual(['skill://review-code/SKILL.md', 'skill://review-docs/SKILL.md'])
    expect(iiiIds(await c().client.readResource({ uri: 'iii://skills' })).filter((id) => id !== 'skills')).toEqual(['review-code', 'review-docs'])
    const { prompts } = await c().client.listPrompts()
    expect(prompts.map((p) => p.name).sort()).toEqual(['review', 'skill'])
    // The count is there when the catalogue was known within 20 ms of initialize (E19.3); never another.
    expect([...(c().client.getInstructions() ?? '').matchAll(/\b(\d+) skills?\b/g)].map((m) => m[1])).not.toContainEqual(expect.not.stringMatching(/^2$/))
  })

  it('searches, describes and completes only the view', async () => {
    const search = await c().client.callTool({ name: 'skill__search', arguments: { query: 'review code query data' } })
    expect(iiiIds(search.structuredContent)).toEqual(['review-code', 'review-docs'])
    const listed = await c().client.callTool({ name: 'skill__list_skills', arguments: {} })
    expect(listed.structuredContent).toEqual({ skills: [{ name: 'review-code', version: '0.0.0' }, { name: 'review-docs', version: '0.0.0' }], next_cursor: null })
    const completion = await c().client.complete({ ref: { type: 'ref/prompt', name: 'skill' }, argument: { name: 'name', value: '' } })
    expect(completion.completion.values.sort()).toEqual(['review-code', 'review-docs'])
  })

  it('answers for a skill or prompt outside the view exactly as for one that does not exist', async () => {
    const reads: Array<(id: string) => Promise<unknown>> = [
      (id) => c().client.readResource({ uri: `iii://${id}` }),
      (id) => c().client.readResource({ uri: `skill://${id}/SKILL.md` }),
      (id) => c().client.callTool({ name: 'skill__fetch', arguments: { uri: `iii://${id}` } }),
      (id) => c().client.callTool({ name: 'skill__describe_skill', arguments: { name: id, detail: 'full' } }),
      (id) => c().client.callTool({ name: 'skill__read_skill_file', arguments: { name: id, path: 'SKILL.md' } }),
      (id) => c().client.getPrompt({ name: 'skill', arguments: { name: id } }),
      (id) => c().client.getPrompt({ name: id === 'data-sql' ? 'query' : 'ghost-id', arguments: {} }),
    ]
    for (const read of reads) {
      const hidden = named(await outcome(read('data-sql')), 'data-sql')
      const absent = named(await outcome(read('ghost-id')), 'ghost-id')
      expect(JSON.stringify(hidden).replaceAll('query', '<id>')).toEqual(JSON.stringify(absent))
    }
    expect(await outcome(c().client.readResource({ uri: 'iii://review-code' }))).toMatchObject({ result: { contents: [{ uri: 'iii://review-code' }] } })
  })

  it('a section backed by the worker\'s own function reads the view; completions of the template hold only the view', async () => {
    const section = JSON.stringify(await c().client.readResource({ uri: 'iii://fn/skill/list_skills' }))
    expect(section).toContain('review-code')
    expect(section).not.toContain('data-sql')
    const completion = await c().client.complete({ ref: { type: 'ref/resource', uri: 'iii://{skill_id}' }, argument: { name: 'skill_id', value: 'd' } })
    expect(completion.completion).toMatchObject({ values: [], total: 0 })
  })
})

describe('change notifications through a view (E20.3)', () => {
  it('a skill added outside the view notifies no view client; one added inside notifies each', async () => {
    const streams = await Promise.all(connected.map((c) => c.listen?.()))
    const since = performance.now()
    await writeTree(root, { 'skills/data-csv/SKILL.md': skill('data-csv') })
    // The whole catalogue holds it: wait until /mcp lists it, then give the view's hubs their window.
    const whole = await connectPinnedHttp(embedded.mcpUrl)
    await vi.waitFor(async () => expect(iiiIds((await whole.client.listResources()).resources)).toContain('data-csv'), { timeout: 5_000 })
    await whole.close()
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    for (const c of connected) expect(c.log.of(LIST_CHANGED.resources, { since }), c.name).toEqual([])
    const inside = performance.now()
    await writeTree(root, { 'skills/review-api/SKILL.md': skill('review-api') })
    for (const c of connected) await expect(c.log.waitFor(LIST_CHANGED.resources, { since: inside, timeoutMs: 5_000 }), c.name).resolves.toMatchObject({ method: LIST_CHANGED.resources })
    for (const c of connected) expect(iiiIds((await c.client.listResources()).resources), c.name).toEqual(['review-api', 'review-code', 'review-docs', 'skills'])
    await Promise.all(streams.map((stream) => stream?.close()))
  })

  it('a subscription to a skill outside the view is acknowledged as for one that does not exist, and never announced', async () => {
    const c = connected[0]!
    const client = c.client as unknown as V1Client
    for (const uri of ['iii://data-sql', 'iii://ghost-id', 'iii://review-code']) expect(await outcome(client.subscribeResource({ uri }))).toEqual({ result: {} })
    const since = performance.now()
    await writeTree(root, { 'skills/data-sql/SKILL.md': `${skill('data-sql')}\nChanged.\n`, 'skills/review-code/SKILL.md': `${skill('review-code')}\nChanged.\n` })
    await expect(c.log.waitFor(RESOURCE_UPDATED, { uri: 'iii://review-code', since, timeoutMs: 5_000 })).resolves.toMatchObject({ params: { uri: 'iii://review-code' } })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(c.log.of(RESOURCE_UPDATED, { since }).map((n) => n.params?.uri)).toEqual(['iii://review-code'])
  })
})

describe('errors (E20.5)', () => {
  it('/mcp/views/{unknown} is 404 unknown view', async () => {
    const response = await fetch(embedded.mcpUrl.replace(/\/mcp$/, '/mcp/views/nope'), { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' })
    expect(response.status).toBe(404)
    expect(await response.text()).toBe('unknown view "nope"')
  })

  it('--view with an unknown name refuses the start naming the views that exist', async () => {
    const run = await runSkills(['--stdio', '--config', join(root, 'config.yaml'), '--view', 'reviews'])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('iii-skills: unknown view "reviews"; the views are "review", "data"\n')
  })

  it('an invalid view refuses the start naming view, field and why', async () => {
    await writeFile(join(root, 'bad.yaml'), 'skills: ["skills/*/SKILL.md"]\nviews:\n  review:\n    include: ["review-***"]\n')
    const run = await runSkills(['--embedded', '--engine-port', '0', '--mcp-port', '0', '--config', join(root, 'bad.yaml')])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('iii-skills: invalid view "review": include[0]: Pattern syntax error near position 9: wildcards are either regular `*` or recursive `**`\n')
  })
})

describe('per-agent tokens at every door (E20.4)', () => {
  let guarded: { engineUrl: string; mcpUrl: string }
  let sdk: SdkClient
  let tokens: string

  beforeAll(async () => {
    tokens = join(root, 'tokens.yaml')
    await writeFile(tokens, `- token: ${REVIEW_TOKEN}\n  views: [review]\n- token: ${ALL_TOKEN}\n  views: "*"\n`)
    await chmod(tokens, 0o600)
    guarded = await embeddedUrls(await spawnSkills(['--embedded', '--engine-port', '0', '--mcp-port', '0', '--config', join(root, 'config.yaml'), '--auth-tokens-file', tokens]))
    // The skills worker answering through the engine proves the process's own clients got in.
    sdk = connectSdkClient(guarded.engineUrl, { authorization: `Bearer ${ALL_TOKEN}` })
    await waitForSkillsWorker(sdk)
  })
  afterAll(async () => {
    await sdk?.close()
  })

  const base = () => guarded.mcpUrl.replace(/\/mcp$/, '')
  const initialize = (path: string, token?: string) => fetch(`${base()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } }),
  })

  it('a view token opens its view, and nothing else: 403 token not allowed here', async () => {
    expect((await initialize('/mcp/views/review', REVIEW_TOKEN)).status).toBe(200)
    for (const response of [await initialize('/mcp/views/data', REVIEW_TOKEN), await initialize('/mcp', REVIEW_TOKEN), await fetch(`${base()}/_ui/api/catalogue`, { headers: { authorization: `Bearer ${REVIEW_TOKEN}` } })]) {
      expect(response.status).toBe(403)
      expect(await response.text()).toBe('token not allowed here')
    }
  })

  it('no spelling of a path opens another door to a view token', async () => {
    const paths = ['/mcp/views/Review', '/mcp/views/review/', '/mcp/views/review%2F..', '/mcp/views/review/../data', '/mcp/views/review%2F..%2Fdata', '/mcp/views/review/..%2F..%2Fmcp', '//mcp/views/review', '/mcp/views/', '/mcp/views', '/MCP', '/mcp?view=review', '/mcp/views/data?x=/mcp/views/review', '/', '/_ui/api/catalogue?view=review', '/_ui/events?view=review', '/_ui/api/views']
    for (const path of paths) {
      const response = await initialize(path, REVIEW_TOKEN)
      expect({ path, status: response.status }).toEqual({ path, status: 403 })
      expect(await response.text()).toBe('token not allowed here')
    }
    // The view's own endpoint, with a query string, is the view.
    expect((await initialize('/mcp/views/review?x=1', REVIEW_TOKEN)).status).toBe(200)
  })

  it('a "*" token opens /mcp, every view, the page API', async () => {
    for (const path of ['/mcp', '/mcp/views/review', '/mcp/views/data']) expect((await initialize(path, ALL_TOKEN)).status).toBe(200)
    expect((await fetch(`${base()}/_ui/api/catalogue`, { headers: { authorization: `Bearer ${ALL_TOKEN}` } })).status).toBe(200)
  })

  it('no token, or an unknown one, is 401 everywhere', async () => {
    for (const path of ['/mcp', '/mcp/views/review']) {
      expect((await initialize(path)).status).toBe(401)
      expect((await initialize(path, 'not-a-known-token-at-all')).status).toBe(401)
    }
  })

  it('the engine WebSocket opens to a "*" token only', async () => {
    const { WebSocket } = await import('ws')
    const open = (token: string) => new Promise<number>((resolve) => {
      const socket = new WebSocket(guarded.engineUrl, { headers: { authorization: `Bearer ${token}` } })
      socket.once('open', () => {
        socket.close()
        resolve(101)
      })
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      socket.once('error', () => resolve(-1))
    })
    expect(await open(ALL_TOKEN)).toBe(101)
    expect(await open(REVIEW_TOKEN)).toBe(403)
  })

  it('a tokens file others can read refuses the start', async () => {
    await chmod(tokens, 0o644)
    const run = await runSkills(['--embedded', '--engine-port', '0', '--mcp-port', '0', '--config', join(root, 'config.yaml'), '--auth-tokens-file', tokens])
    await chmod(tokens, 0o600)
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`iii-skills: --auth-tokens-file ${tokens}: readable by group or others (mode 0644); chmod 600 it\n`)
  })
})

