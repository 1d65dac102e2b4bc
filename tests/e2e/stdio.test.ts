/**
 * `iii-skills --stdio` as a desktop client launches it: the compiled bin (`dist/src/main.js`, built by
 * `npm test` before any suite) spawned by the official SDK's StdioClientTransport. Every method's
 * result passes the SDK's schemas, change notifications arrive, stdout carries nothing but JSON-RPC
 * frames (checked byte for byte on a raw child), and the process exits 0 when stdin closes or on
 * SIGTERM. Also `--url` (a running engine), `--mcp-profile bridge` and `--mcp-port`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { isAlwaysHidden } from '../../src/core/hidden.js'
import { LOG_LISTENING as ENGINE_LISTENING } from '../../src/embedded/messages.js'
import { encodeToolName } from '../../src/core/index.js'
import { LOG as MCP_LOG } from '../../src/mcp/messages.js'
import { LIST_CHANGED, recordNotifications, RESOURCE_UPDATED } from '../support/mcp-notifications.js'
import { DEMO_RESOURCE_URIS } from '../support/demo-catalogue.js'
import { BOOT_TIMEOUT_MS, DEMO_CONFIG, E2E_TIMEOUT_MS, REPO_ROOT, spawnSkills, stopAllChildren, launchEnv } from '../support/processes.js'
import { connectSdkClient, waitForSkillsWorker, type SdkClient } from '../support/sdk-client.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const BIN = join(REPO_ROOT, 'dist/src/main.js')
const CONFIG = join(REPO_ROOT, DEMO_CONFIG)

/** The child's environment: this one without III_URL (it would select a running engine), logs at info. */
interface StdioSession {
  client: Client
  errors: unknown[]
  logs: Array<Record<string, unknown>>
  /** The first log line (past or future) whose msg is `msg`. */
  waitForLog(msg: string): Promise<Record<string, unknown>>
  close(): Promise<void>
}

const open: StdioSession[] = []

async function connectStdio(extraArgs: string[] = []): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, '--stdio', '--config', CONFIG, ...extraArgs],
    env: launchEnv('info'),
    stderr: 'pipe',
    cwd: REPO_ROOT,
  })
  const logs: Array<Record<string, unknown>> = []
  const waiters = new Set<() => void>()
  const stderr = transport.stderr as Readable
  let pending = ''
  stderr.setEncoding('utf8')
  stderr.on('data', (chunk: string) => {
    pending += chunk
    for (let newline = pending.indexOf('\n'); newline >= 0; newline = pending.indexOf('\n')) {
      const line = pending.slice(0, newline)
      pending = pending.slice(newline + 1)
      if (line.startsWith('{')) logs.push(JSON.parse(line) as Record<string, unknown>)
    }
    for (const wake of [...waiters]) wake()
  })
  const client = new Client({ name: 'stdio-tests', version: '0.0.0' })
  const errors: unknown[] = []
  client.onerror = (error) => errors.push(error)
  await client.connect(transport)
  const session: StdioSession = {
    client,
    errors,
    logs,
    waitForLog: (msg) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = logs.find((line) => line.msg === msg)
          if (found === undefined) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve(found)
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no log ${JSON.stringify(msg)} within ${BOOT_TIMEOUT_MS} ms`))
        }, BOOT_TIMEOUT_MS)
        waiters.add(check)
        check()
      }),
    close: () => client.close(),
  }
  open.push(session)
  return session
}

afterAll(async () => {
  await Promise.all(open.map((session) => session.close()))
  await stopAllChildren()
})

describe('an SDK client launching `iii-skills --stdio`', () => {
  let stdio: StdioSession
  let engine: SdkClient

  beforeAll(async () => {
    stdio = await connectStdio()
    engine = connectSdkClient(String((await stdio.waitForLog(ENGINE_LISTENING)).url))
    await waitForSkillsWorker(engine)
  })

  afterAll(async () => {
    await engine?.close()
  })

  afterEach(() => {
    expect(stdio.errors).toEqual([])
  })

  it('runs its embedded engine on a free loopback port and no HTTP listener', async () => {
    const url = String((await stdio.waitForLog(ENGINE_LISTENING)).url)
    expect(url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    expect(url).not.toBe('ws://127.0.0.1:49134')
    expect(stdio.logs.map((line) => line.msg)).not.toContain(MCP_LOG.listening)
  })

  it('negotiates the full profile', () => {
    expect([stdio.client.getServerVersion()?.name, stdio.client.getServerCapabilities()]).toEqual([
      'iii-skills',
      { tools: { listChanged: true }, resources: { listChanged: true, subscribe: true }, prompts: { listChanged: true }, logging: {}, extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } } },
    ])
  })

  it('lists resources, nested ones included, and reads one', async () => {
    expect((await stdio.client.listResources()).resources.map((r) => r.uri)).toEqual(DEMO_RESOURCE_URIS)
    const { contents } = await stdio.client.readResource({ uri: 'iii://iii-skills/publishing' })
    expect(contents).toEqual([{ uri: 'iii://iii-skills/publishing', mimeType: 'text/markdown', text: expect.stringMatching(/^# Publishing skills\n/) }])
  })

  it('lists and gets the fs prompt', async () => {
    expect((await stdio.client.listPrompts()).prompts.map((p) => p.name)).toEqual(['write-skill', 'skill'])
    const { messages } = await stdio.client.getPrompt({ name: 'write-skill' })
    expect(messages).toEqual([{ role: 'user', content: { type: 'text', text: expect.stringMatching(/^Write a skill/) } }])
  })

  it('lists a tool for every public function on its engine, skill__fetch among them, and calls it', async () => {
    const { functions } = await engine.call<{ functions: Array<{ function_id: string }> }>('engine::functions::list', {})
    const expected = functions.map((fn) => fn.function_id).filter((id) => !isAlwaysHidden(id)).map(encodeToolName)
    const names = (await stdio.client.listTools()).tools.map((tool) => tool.name)
    expect(names).toEqual(expected)
    expect(names).toContain('skill__fetch')
    const result = await stdio.client.callTool({ name: 'skill__fetch', arguments: { uri: 'iii://iii-skills/publishing' } })
    expect(result).toEqual({ content: [{ type: 'text', text: expect.stringMatching(/^# iii:\/\/iii-skills\/publishing\n\n# Publishing skills\n/) }] })
  })

  it('searches the demo skills through skill__search', async () => {
    const result = await stdio.client.callTool({ name: 'skill__search', arguments: { query: 'glob patterns', limit: 1 } })
    const structured = (result as { structuredContent?: { results: Array<{ uri: string; id: string; title: string }> } }).structuredContent
    expect(structured?.results.map(({ uri, id, title }) => ({ uri, id, title }))).toEqual([
      { uri: 'iii://iii-skills/publishing', id: 'iii-skills/publishing', title: 'Publishing skills' },
    ])
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).toEqual(structured)
  })

  it('answers completion/complete with an empty completion', async () => {
    expect(await stdio.client.complete({ ref: { type: 'ref/prompt', name: 'write-skill' }, argument: { name: 'x', value: '' } })).toEqual({
      completion: { values: [], total: 0, hasMore: false },
    })
  })

  it('notifies the client of a register within 1 s, and a subscriber of the skill it changed', async () => {
    const log = recordNotifications(stdio.client)
    await stdio.client.subscribeResource({ uri: 'iii://stdio-demo' })
    await engine.call('skills::register', { id: 'stdio-demo', skill: '# Stdio demo\n\nRegistered by a test.\n' })
    await log.waitFor(LIST_CHANGED.resources)
    await log.waitFor(RESOURCE_UPDATED, { uri: 'iii://stdio-demo' })
    expect((await stdio.client.listResources()).resources.map((r) => r.uri)).toContain('iii://stdio-demo')
  })
})

describe('stdout in --stdio mode', () => {
  const children: ChildProcess[] = []
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL')
  })

  /** Spawns the bin with raw pipes; `lines()` is every stdout line so far. */
  function spawnRaw(args: string[] = []) {
    const child = spawn(process.execPath, [BIN, '--stdio', '--config', CONFIG, ...args], { cwd: REPO_ROOT, env: launchEnv('info') })
    children.push(child)
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('close', (code, signal) => resolve({ code, signal })),
    )
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`)
    // Complete lines only: the last piece may be half a frame.
    const ids = () =>
      stdout
        .split('\n')
        .slice(0, -1)
        .map((line) => (JSON.parse(line) as { id?: number }).id)
    const untilStdout = async (test: (text: string) => boolean) => {
      for (const deadline = Date.now() + BOOT_TIMEOUT_MS; !test(stdout); await sleep(20)) {
        if (Date.now() > deadline) throw new Error(`stdout never matched; stdout=${JSON.stringify(stdout)} stderr tail=${stderr.slice(-2000)}`)
      }
    }
    const untilAnswered = (wanted: number[]) => untilStdout(() => wanted.every((id) => ids().includes(id)))
    return { child, exited, send, untilAnswered, stdout: () => stdout, stderr: () => stderr }
  }

  const INITIALIZE = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
  }

  it('carries only JSON-RPC frames, one per line, while the SDK and the worker log; exits 0 when stdin closes', async () => {
    const raw = spawnRaw()
    raw.send(INITIALIZE)
    raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    raw.send({ jsonrpc: '2.0', id: 2, method: 'resources/list' })
    raw.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'skill__fetch', arguments: { uri: 'iii://iii-skills' } } })
    raw.send({ jsonrpc: '2.0', id: 4, method: 'prompts/get', params: { name: 'write-skill' } })
    raw.send({ jsonrpc: '2.0', id: 5, method: 'nope/nope' })
    await raw.untilAnswered([1, 2, 3, 4, 5])
    raw.child.stdin.end()
    expect(await raw.exited).toEqual({ code: 0, signal: null })
    const lines = raw.stdout().split('\n')
    expect(lines.at(-1)).toBe('')
    const frames = lines.slice(0, -1).map((line) => JSONRPCMessageSchema.parse(JSON.parse(line)) as { id?: number; error?: unknown })
    expect(frames.map((frame) => frame.id).sort()).toEqual([1, 2, 3, 4, 5])
    expect(frames.find((frame) => frame.id === 5)!.error).toEqual({ code: -32601, message: 'Method not found: nope/nope' })
    // iii-sdk announces its connection with console.debug: it went to stderr, not into the frames.
    expect(raw.stderr()).toContain('[iii] Worker registered with ID')
  })

  it('answers every request read before stdin closed, then exits 0 (E13.8)', async () => {
    const raw = spawnRaw()
    raw.send(INITIALIZE)
    raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    for (let id = 2; id <= 9; id++) {
      raw.send({ jsonrpc: '2.0', id, method: id % 2 === 0 ? 'resources/list' : 'tools/call', params: id % 2 === 0 ? {} : { name: 'skill__fetch', arguments: { uri: 'iii://iii-skills' } } })
    }
    raw.child.stdin.end()
    expect(await raw.exited).toEqual({ code: 0, signal: null })
    const ids = raw.stdout().split('\n').slice(0, -1).map((line) => (JSON.parse(line) as { id?: number }).id)
    expect(ids.sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it('exits 0 on SIGTERM', async () => {
    const raw = spawnRaw()
    raw.send(INITIALIZE)
    await raw.untilAnswered([1])
    raw.child.kill('SIGTERM')
    expect(await raw.exited).toEqual({ code: 0, signal: null })
  })
})

describe('--stdio --url: the MCP front of a running engine', () => {
  let stdio: StdioSession
  let engine: SdkClient

  beforeAll(async () => {
    const skills = await spawnSkills(['--embedded', '--engine-port', '0', '--no-mcp', '--config', DEMO_CONFIG])
    const engineUrl = String((await skills.waitForLog(ENGINE_LISTENING)).url)
    engine = connectSdkClient(engineUrl)
    await waitForSkillsWorker(engine)
    stdio = await connectStdio(['--url', engineUrl])
  })

  afterAll(async () => {
    await engine?.close()
  })

  afterEach(() => {
    expect(stdio.errors).toEqual([])
  })

  it('serves the skills worker running on that engine, with the tool schemas', async () => {
    expect((await stdio.client.listResources()).resources.map((r) => r.uri)).toEqual(DEMO_RESOURCE_URIS)
    const tool = (await stdio.client.listTools()).tools.find((t) => t.name === 'skill__fetch')
    expect([tool!.name, tool!.inputSchema]).toEqual(['skill__fetch', expect.objectContaining({ type: 'object', title: 'FetchSkillInput' })])
    expect(stdio.logs.map((line) => line.msg)).not.toContain(ENGINE_LISTENING)
  })

  it('notifies the client of a register made on that engine', async () => {
    const log = recordNotifications(stdio.client)
    await engine.call('skills::register', { id: 'remote-demo', skill: '# Remote demo\n' })
    await log.waitFor(LIST_CHANGED.resources)
  })
})

describe('--stdio --mcp-profile bridge', () => {
  it('serves the v0.5.8 bridge: no capability flags, nested resources trimmed, no completion', async () => {
    const stdio = await connectStdio(['--mcp-profile', 'bridge'])
    expect([stdio.client.getServerVersion()?.name, stdio.client.getServerCapabilities()]).toEqual(['mcp', { tools: {}, resources: {}, prompts: {} }])
    expect((await stdio.client.listResources()).resources.map((r) => r.uri)).toEqual(['iii://skills', 'iii://code-review', 'iii://commit-message', 'iii://iii-skills'])
    await expect(stdio.client.complete({ ref: { type: 'ref/prompt', name: 'write-skill' }, argument: { name: 'x', value: '' } })).rejects.toMatchObject({
      code: -32601,
    })
    expect(stdio.errors).toEqual([])
  })
})

describe('--stdio --mcp-port', () => {
  it('also serves MCP over HTTP on the port asked for', async () => {
    const stdio = await connectStdio(['--mcp-port', '0'])
    const url = String((await stdio.waitForLog(MCP_LOG.listening)).url)
    const reply = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'http', version: '0' } },
      }),
    })
    await reply.body?.cancel()
    expect([reply.status, reply.headers.get('mcp-session-id')]).toEqual([200, expect.stringMatching(/^[0-9a-f-]{36}$/)])
  })
})
