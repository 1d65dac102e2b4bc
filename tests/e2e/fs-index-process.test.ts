/**
 * E3 across processes: the engine runs here, the worker in its own process; this process edits
 * files and calls the worker at once, so the call's bytes reach the worker straight from another
 * process, as in production. A change completed before the call must be in the answer even
 * when it keeps the file's size and modification time, which only the watch event can tell; the
 * worker yields once to its event loop at the start of each call so that event is handled first.
 */
import { utimesSync, writeFileSync, statSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startEmbeddedEngine, type EmbeddedEngine } from '../../src/embedded/index.js'
import { E2E_TIMEOUT_MS, spawnSkills, stopAllChildren } from '../support/processes.js'
import { connectSdkClient, waitForSkillsWorker, type SdkClient } from '../support/sdk-client.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const EDITS = 300
let dir: string
let engine: EmbeddedEngine
let client: SdkClient

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'skills-e2e-fs-index-'))
  await mkdir(join(dir, 'skills/team'), { recursive: true })
  await writeFile(join(dir, 'config.yaml'), 'skills:\n  - skills/**/*.md\n')
  await writeFile(join(dir, 'skills/team/edited.md'), '# v0000\n')
  engine = await startEmbeddedEngine({ port: 0 })
  await spawnSkills(['--url', engine.url, '--config', join(dir, 'config.yaml')])
  client = connectSdkClient(engine.url)
  await waitForSkillsWorker(client)
})

afterAll(async () => {
  await client?.close()
  await stopAllChildren()
  await engine?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('the fs index seen from another process', () => {
  it(`answers every call with the file as it was when the call was sent (${EDITS} same-size, same-mtime edits)`, async () => {
    const path = join(dir, 'skills/team/edited.md')
    const { mtime } = statSync(path)
    const stale: Array<{ edit: number; read: string; title: unknown }> = []
    for (let edit = 1; edit <= EDITS; edit++) {
      const text = `# v${String(edit).padStart(4, '0')}\n`
      // Synchronous: the change is complete before the call's bytes are sent.
      writeFileSync(path, text)
      utimesSync(path, mtime, mtime)
      const read = await client.call<{ contents: Array<{ text: string }> }>('skills::resources-read', { uri: 'iii://team/edited' })
      const list = await client.call<{ resources: Array<{ uri: string; name: string }> }>('skills::resources-list', {})
      const title = list.resources.find((r) => r.uri === 'iii://team/edited')?.name
      if (read.contents[0]?.text !== text || title !== text.slice(2, -1)) stale.push({ edit, read: read.contents[0]?.text ?? '', title })
    }
    expect(stale).toEqual([])
  })
})
