/**
 * `--state-file` and signal handling of the real process: a skill registered through an SDK client
 * survives a SIGTERM restart on the same state file, and both SIGTERM and SIGINT end the process
 * with exit code 0 after the `skills shutting down` line (with `--no-mcp`, no MCP endpoint at all).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { LOG } from '../../src/core/messages.js'
import { LOG as MCP_LOG } from '../../src/mcp/messages.js'
import { LOG_LISTENING, stateFileInUse } from '../../src/embedded/messages.js'
import { E2E_TIMEOUT_MS, spawnSkills, stopAllChildren, type ChildHandle } from '../support/processes.js'
import { connectSdkClient, waitForSkillsWorker, type SdkClient } from '../support/sdk-client.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const SKILL = { id: 'persisted/notes', skill: '# Persisted notes\n\nStill here after a restart.\n' }

let dir: string
let configPath: string
let stateFile: string
const clients: SdkClient[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'skills-e2e-state-'))
  configPath = join(dir, 'config.yaml')
  stateFile = join(dir, 'state.json')
  await writeFile(configPath, 'state_timeout_ms: 10000\n')
})

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close()
  await stopAllChildren()
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function startEmbedded(extraArgs: string[] = []): Promise<{ skills: ChildHandle; client: SdkClient }> {
  const skills = await spawnSkills(['--embedded', '--engine-port', '0', '--no-mcp', '--mcp-port', '0', '--config', configPath, ...extraArgs])
  const listening = await skills.waitForLog(LOG_LISTENING)
  const client = connectSdkClient(String(listening.url))
  clients.push(client)
  await waitForSkillsWorker(client)
  return { skills, client }
}

async function stopClient(client: SdkClient): Promise<void> {
  clients.splice(clients.indexOf(client), 1)
  await client.close()
}

describe('--state-file', () => {
  it('serves a registered skill again after a SIGTERM restart on the same file', async () => {
    const first = await startEmbedded(['--state-file', stateFile])
    const registered = await first.client.call<{ id: string; registered_at: string }>('skills::register', SKILL)
    await stopClient(first.client)

    expect(await first.skills.stop('SIGTERM')).toEqual({ code: 0, signal: null })
    expect(first.skills.logs.map((line) => line.msg)).toContain(LOG.shuttingDown)

    const second = await startEmbedded(['--state-file', stateFile])
    expect(await second.client.call('skills::list', {})).toEqual({
      skills: [{ id: SKILL.id, bytes: Buffer.byteLength(SKILL.skill), registered_at: registered.registered_at, origin: 'state' }],
    })
    const uri = `iii://${SKILL.id}`
    expect(await second.client.call('skills::resources-read', { uri })).toEqual({
      contents: [{ uri, mimeType: 'text/markdown', text: SKILL.skill }],
    })
  })
})

describe('one owner per state file (E10.3)', () => {
  it('refuses a second process on the same state file at start, naming the file and the owner', async () => {
    const first = await startEmbedded(['--state-file', stateFile])
    const second = await spawnSkills(['--embedded', '--engine-port', '0', '--no-mcp', '--mcp-port', '0', '--config', configPath, '--state-file', stateFile], {}, { waitFor: null })
    expect(await second.exited).toEqual({ code: 1, signal: null })
    expect(second.stderrLines).toContain(`iii-skills: ${stateFileInUse(stateFile, first.skills.pid)}`)
    expect(await first.client.call('skills::list', {})).toEqual({ skills: expect.any(Array) })
  })
})

describe('signals', () => {
  // SIGTERM is covered by the restart above.
  it('SIGINT shuts the worker down and exits 0', async () => {
    const { skills, client } = await startEmbedded()
    await stopClient(client)
    expect(await skills.stop('SIGINT')).toEqual({ code: 0, signal: null })
    const messages = skills.logs.map((line) => line.msg)
    expect(messages).toContain(LOG.shuttingDown)
    expect(messages).not.toContain(MCP_LOG.listening)
  })
})
