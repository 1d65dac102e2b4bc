/**
 * E10 crash safety of the real process: `iii-skills --embedded --state-file F` with 8 concurrent
 * writers registering skills through the worker is SIGKILLed mid-stream, restarted on the same file,
 * again and again; every register that was acknowledged before a kill is there after the restart.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { LOG_LISTENING } from '../../src/embedded/messages.js'
import { spawnSkills, stopAllChildren, type ChildHandle } from '../support/processes.js'
import { connectSdkClient, waitForSkillsWorker, type SdkClient } from '../support/sdk-client.js'

const KILLS = 20
const WRITERS = 8

vi.setConfig({ testTimeout: 300_000, hookTimeout: 60_000 })

let dir: string
let configPath: string
let stateFile: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'skills-e2e-crash-'))
  configPath = join(dir, 'config.yaml')
  stateFile = join(dir, 'state.json')
  await writeFile(configPath, 'state_timeout_ms: 10000\n')
})
afterEach(stopAllChildren)
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function start(): Promise<{ skills: ChildHandle; clients: SdkClient[] }> {
  const skills = await spawnSkills(['--embedded', '--engine-port', '0', '--no-mcp', '--mcp-port', '0', '--config', configPath, '--state-file', stateFile])
  const url = String((await skills.waitForLog(LOG_LISTENING)).url)
  const clients = Array.from({ length: WRITERS }, () => connectSdkClient(url))
  await Promise.all(clients.map((c) => waitForSkillsWorker(c)))
  return { skills, clients }
}

const body = (id: string) => `# ${id}\n\nRegistered just before a crash.\n`

it(`loses no acknowledged register over ${KILLS} SIGKILLs with ${WRITERS} concurrent writers`, async () => {
  const acknowledged = new Map<string, number>()
  for (let round = 0; round < KILLS; round++) {
    const { skills, clients } = await start()
    if (round > 0) await expectAllPresent(clients[0]!, acknowledged)
    let killed = false
    const writers = clients.map(async (client, w) => {
      for (let n = 0; !killed; n++) {
        const id = `crash/r${round}-w${w}-${n}`
        try {
          await client.call('skills::register', { id, skill: body(id) }, 10_000)
        } catch {
          return // the process is gone: this register was never acknowledged
        }
        if (!killed) acknowledged.set(id, Buffer.byteLength(body(id)))
      }
    })
    await new Promise((r) => setTimeout(r, 150 + Math.floor(Math.random() * 250)))
    skills.child.kill('SIGKILL')
    killed = true
    await skills.exited
    await Promise.race([Promise.all(writers), new Promise((r) => setTimeout(r, 2000))])
    for (const c of clients) void c.close().catch(() => {})
  }
  const { clients } = await start()
  await expectAllPresent(clients[0]!, acknowledged)
  expect(acknowledged.size).toBeGreaterThan(KILLS * WRITERS)
  for (const c of clients) await c.close()
  expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([])
})

async function expectAllPresent(client: SdkClient, acknowledged: Map<string, number>): Promise<void> {
  const { skills } = await client.call<{ skills: Array<{ id: string; bytes: number }> }>('skills::list', {}, 20_000)
  const listed = new Map(skills.map((s) => [s.id, s.bytes]))
  const missing = [...acknowledged].filter(([id, bytes]) => listed.get(id) !== bytes).map(([id]) => id)
  expect(missing).toEqual([])
}
