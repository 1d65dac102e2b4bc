/**
 * `skills::rpc` bound to the engine's `http` trigger: a worker started on an engine serves
 * `POST {httpUrl}/skills/rpc` (the embedded engine's listener, or the real engine's iii-http when
 * III_ENGINE_WS_URL is set), with JSON-RPC framing and the HTTP statuses of E2; `rpc_api_path`
 * moves or removes the route.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG, type SkillsConfig } from '../../src/core/config-types.js'
import { startEmbeddedEngine, startHttpTriggerListener, type EmbeddedEngine } from '../../src/embedded/index.js'
import { startSkillsWorker, type RunningWorker } from '../../src/app/skills-worker.js'
import { SKILLS_DIR, startTestEnvironment, type TestEnvironment } from '../support/engine.js'
import { goldenText } from '../support/golden.js'
import { pollUntil } from '../support/poll.js'
import { SDK_OPTIONS } from '../support/sdk-client.js'
import { silentLogger } from '../support/silent-logger.js'

let env: TestEnvironment

beforeAll(async () => {
  env = await startTestEnvironment()
})

afterAll(async () => {
  await env?.close()
})

async function post(url: string, body: string): Promise<{ status: number; contentType: string | null; text: string }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() }
}

/** Waits until the route serves (the worker binds it in the background), then posts `body`. */
async function rpc(body: unknown, url = `${env.httpUrl}/skills/rpc`) {
  return pollUntil(async () => {
    const reply = await post(url, JSON.stringify(body))
    if (reply.status === 404) throw new Error('route not bound yet')
    return reply
  }, { timeoutMs: 10_000, intervalMs: 50, what: `POST ${url}` })
}

describe('POST /skills/rpc', () => {
  it('registers skills::rpc as an internal function publishing its formats', async () => {
    const info = await env.call<{ metadata: unknown; request_schema: { title: string }; response_schema: { title: string } }>(
      'engine::functions::info', { function_id: 'skills::rpc' },
    )
    expect([info.metadata, info.request_schema.title, info.response_schema.title]).toEqual([{ internal: true }, 'RpcHttpRequest', 'RpcHttpResponse'])
  })

  it('answers a batch with 200 and -32600', async () => {
    const reply = await rpc([{ jsonrpc: '2.0', id: 1, method: 'list_skills' }])
    expect([reply.status, reply.contentType, reply.text]).toEqual([
      200, 'application/json', '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Batch requests are not supported"}}',
    ])
  })

  it('answers a frame that is not a request with -32600', async () => {
    const reply = await rpc({ jsonrpc: '2.0', id: 3 })
    expect([reply.status, reply.text]).toEqual([200, '{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"Invalid JSON-RPC request"}}'])
  })

  it('answers an unknown method with -32601 naming it', async () => {
    const reply = await rpc({ jsonrpc: '2.0', id: 'u', method: 'tools/list' })
    expect([reply.status, reply.text]).toEqual([200, '{"jsonrpc":"2.0","id":"u","error":{"code":-32601,"message":"Method not found: tools/list"}}'])
  })

  it('answers a notification with 204 and no body', async () => {
    const reply = await rpc({ jsonrpc: '2.0', method: 'list_skills' })
    expect([reply.status, reply.text]).toEqual([204, ''])
  })

  it.runIf(process.env.III_ENGINE_WS_URL === undefined)('answers a body that is not JSON with 400 (embedded engine)', async () => {
    await rpc({ jsonrpc: '2.0', method: 'list_skills' })
    const reply = await post(`${env.httpUrl}/skills/rpc`, '{"jsonrpc":')
    expect([reply.status, reply.text]).toEqual([400, '{"error":{"code":"BAD_REQUEST","message":"Request body is not valid JSON"}}'])
  })
})

describe('the discovery methods over POST /skills/rpc', () => {
  const id = `rpc-notes-${process.pid}`
  beforeAll(async () => {
    await env.wipeScopes()
    await env.wipeFsDirs()
    const folder = join(env.tempRoot, SKILLS_DIR, 'pdf')
    await mkdir(join(folder, 'scripts'), { recursive: true })
    await writeFile(join(folder, 'SKILL.md'), '---\ndescription: Fill PDF forms.\nmetadata:\n  version: "1.2.0"\n---\n# PDF\n')
    await writeFile(join(folder, 'scripts', 'fill.py'), "print('fill')\n")
    await env.call('skills::register', { id, skill: '# Notes\n\nState notes.\n' })
  })

  it('list_skills lists the state row and the skill folder', async () => {
    const reply = await rpc({ jsonrpc: '2.0', id: 1, method: 'list_skills', params: { detail: 'summary' } })
    expect([reply.status, reply.contentType]).toEqual([200, 'application/json'])
    expect(JSON.parse(reply.text)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        skills: [
          { name: 'pdf', version: '1.2.0', description: 'Fill PDF forms.', namespace: 'pdf', kind: 'instruction', tokens: 3 },
          { name: id, version: '0.0.0', description: 'State notes.', namespace: id, kind: 'instruction', tokens: 6 },
        ],
        next_cursor: null,
      },
    })
  })

  it('describe_skill gives the manifest and frontmatter', async () => {
    const reply = await rpc({ jsonrpc: '2.0', id: 2, method: 'describe_skill', params: { name: 'pdf' } })
    const message = JSON.parse(reply.text)
    expect(message.result.skill.skill_md_frontmatter).toEqual({ description: 'Fill PDF forms.', metadata: { version: '1.2.0' } })
    await expect(goldenText(message)).toMatchFileSnapshot('./__snapshots__/rpc-describe-pdf-summary.json')
  })

  it('read_skill_file reads a file of the folder', async () => {
    const reply = await rpc({ jsonrpc: '2.0', id: 3, method: 'read_skill_file', params: { name: 'pdf', path: 'scripts/fill.py' } })
    expect(reply.text).toBe('{"jsonrpc":"2.0","id":3,"result":{"content":"print(\'fill\')\\n"}}')
  })

  it('answers an unknown skill and a missing file with -32602 and the function message', async () => {
    expect((await rpc({ jsonrpc: '2.0', id: 4, method: 'describe_skill', params: { name: 'nope' } })).text).toBe(
      '{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"Skill not found: nope"}}',
    )
    expect((await rpc({ jsonrpc: '2.0', id: 5, method: 'read_skill_file', params: { name: 'pdf', path: 'x.py' } })).text).toBe(
      '{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"File not found: x.py"}}',
    )
  })
})

describe('rpc_api_path', () => {
  let engine: EmbeddedEngine
  let http: { url: string; close(): Promise<void> }
  let worker: RunningWorker | undefined

  beforeAll(async () => {
    engine = await startEmbeddedEngine({ port: 0 })
    http = await startHttpTriggerListener({ host: '127.0.0.1', port: 0, handler: engine.httpTriggers, log: silentLogger() })
  })

  afterEach(async () => {
    await worker?.shutdown()
    worker = undefined
  })

  afterAll(async () => {
    await http.close()
    await engine.close()
  })

  async function start(config: Partial<SkillsConfig>): Promise<void> {
    worker = await startSkillsWorker({
      url: engine.url, loaded: { config: { ...DEFAULT_CONFIG, ...config }, baseDir: process.cwd() }, log: silentLogger(), sdk: SDK_OPTIONS,
    })
    await pollUntil(async () => {
      if (!engine.listFunctions().some((f) => f.function_id === 'skills::rpc')) throw new Error('not registered yet')
    }, { timeoutMs: 10_000, intervalMs: 20, what: 'skills::rpc' })
  }

  it('moves the route', async () => {
    await start({ rpc_api_path: '/api/discovery' })
    const reply = await rpc({ jsonrpc: '2.0', id: 1, method: 'nope' }, `${http.url}/api/discovery`)
    expect(reply.text).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found: nope"}}')
    expect((await post(`${http.url}/skills/rpc`, '{}')).status).toBe(404)
  })

  it('binds nothing when empty, though skills::rpc is registered', async () => {
    await start({ rpc_api_path: '' })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await post(`${http.url}/skills/rpc`, '{}')).status).toBe(404)
    expect(engine.listFunctions().find((f) => f.function_id === 'skills::rpc')?.metadata).toEqual({ internal: true })
  })
})
