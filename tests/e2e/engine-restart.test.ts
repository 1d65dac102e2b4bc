/**
 * The worker outlives its engine: started as a child process against an engine in this test process
 * (`--url`, not embedded), it re-registers on its own when a new engine comes up on the same port,
 * and it keeps retrying when no engine is there yet at start.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { LOG } from '../../src/core/messages.js'
import { startEmbeddedEngine, type EmbeddedEngine } from '../../src/embedded/index.js'
import { E2E_TIMEOUT_MS, freePort, spawnSkills, stopAllChildren, type ChildHandle } from '../support/processes.js'
import { connectSdkClient, waitForSkillsWorker, type SdkClient } from '../support/sdk-client.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

/** The SDK's reconnect backoff starts at 1 s and doubles; a new engine is found well within this. */
const RECONNECT_TIMEOUT_MS = 15_000

let dir: string
let configPath: string
const engines: EmbeddedEngine[] = []
const clients: SdkClient[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'skills-e2e-restart-'))
  configPath = join(dir, 'config.yaml')
  await writeFile(configPath, 'state_timeout_ms: 10000\n')
})

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close()
  await stopAllChildren()
  for (const engine of engines.splice(0)) await engine.close()
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function startEngine(port: number): Promise<EmbeddedEngine> {
  const engine = await startEmbeddedEngine({ host: '127.0.0.1', port })
  engines.push(engine)
  return engine
}

async function closeEngine(engine: EmbeddedEngine): Promise<void> {
  engines.splice(engines.indexOf(engine), 1)
  await engine.close()
}

function client(url: string): SdkClient {
  const connected = connectSdkClient(url)
  clients.push(connected)
  return connected
}

async function closeClient(connected: SdkClient): Promise<void> {
  clients.splice(clients.indexOf(connected), 1)
  await connected.close()
}

function startWorker(url: string): Promise<ChildHandle> {
  return spawnSkills(['--url', url, '--config', configPath])
}

async function registerAndRead(connected: SdkClient, id: string): Promise<unknown> {
  const skill = `# ${id}\n\nRegistered while the engine on this port was up.\n`
  await connected.call('skills::register', { id, skill })
  const read = await connected.call('skills::resources-read', { uri: `iii://${id}` })
  expect(read).toEqual({ contents: [{ uri: `iii://${id}`, mimeType: 'text/markdown', text: skill }] })
  return read
}

/** Still running, and nothing logged at warn level or above. */
function expectHealthy(worker: ChildHandle): void {
  expect(worker.exit()).toBeUndefined()
  expect(worker.logs.filter((line) => (line.level ?? 0) >= 40)).toEqual([])
}

describe('a worker connected with --url', () => {
  it('re-registers by itself on a new engine that comes up on the same port', async () => {
    const port = await freePort()
    const engine = await startEngine(port)
    const worker = await startWorker(engine.url)
    const before = client(engine.url)
    await waitForSkillsWorker(before)
    await registerAndRead(before, 'before-restart')
    await closeClient(before)

    await closeEngine(engine)
    const replacement = await startEngine(port)
    expect(replacement.url).toBe(engine.url)

    const after = client(replacement.url)
    await waitForSkillsWorker(after, RECONNECT_TIMEOUT_MS)
    expect(replacement.workers().map((w) => w.name)).toContain('skills')
    await registerAndRead(after, 'after-restart')
    expect(await after.call('skills::list', {})).toEqual({
      skills: [{ id: 'after-restart', bytes: expect.any(Number), registered_at: expect.any(String), origin: 'state' }],
    })
    expectHealthy(worker)
  })

  it('keeps retrying while no engine is running and connects once one appears', async () => {
    const port = await freePort()
    const url = `ws://127.0.0.1:${port}`
    const worker = await startWorker(url)
    // The SDK reports each scheduled reconnect on stdout; a second one proves the first attempt failed.
    await worker.waitForStdout((line) => /^\[iii\] Reconnecting in \d+ms \(attempt 2\)/.test(line))

    await startEngine(port)
    const connected = client(url)
    await waitForSkillsWorker(connected, RECONNECT_TIMEOUT_MS)
    await registerAndRead(connected, 'late-engine')
    expectHealthy(worker)
  })

  it('finds the engine through III_URL when --url is absent', async () => {
    const engine = await startEngine(0)
    const worker = await spawnSkills(['--config', configPath], { III_URL: engine.url })
    expect(await worker.waitForLog(LOG.connecting)).toMatchObject({ url: engine.url })
    const connected = client(engine.url)
    await waitForSkillsWorker(connected)
    await registerAndRead(connected, 'env-url')
    expectHealthy(worker)
  })

  it('shuts down cleanly on SIGTERM while its engine is unreachable', async () => {
    const worker = await startWorker(`ws://127.0.0.1:${await freePort()}`)
    await worker.waitForStdout((line) => line.startsWith('[iii] Reconnecting'))
    expect(await worker.stop('SIGTERM')).toEqual({ code: 0, signal: null })
    expect(worker.logs.map((line) => line.msg)).toContain(LOG.shuttingDown)
  })
})
