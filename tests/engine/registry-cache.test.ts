/**
 * The registry cache against the embedded engine: listings stop re-reading state while nothing
 * changes, yet every change the spec says a caller must see shows in the very next call — rows
 * written straight into the scope by another client, rows written by another worker instance, fs
 * files edited between calls, rows written while the worker was disconnected, and an engine restart.
 */
import { mkdtemp, rm, unlink, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { registerWorker, type IIIClient } from 'iii-sdk'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG } from '../../src/core/config-types.js'
import { startEmbeddedEngine, type EmbeddedEngine } from '../../src/embedded/index.js'
import { CachedStateStore, REGISTRY_CHANGED_PREFIX, sdkConnectionId } from '../../src/engine/registry-cache.js'
import { startSkillsWorker, type RunningWorker } from '../../src/app/skills-worker.js'
import { HANDLERS } from '../support/handlers.js'
import { pollUntil } from '../support/poll.js'
import { SDK_OPTIONS as SDK } from '../support/sdk-client.js'
import { silentLogger } from '../support/silent-logger.js'

const WAIT = { timeoutMs: 15_000, intervalMs: 50 }

interface SkillList { skills: Array<{ id: string; bytes: number; registered_at: string; origin: string }> }
interface ResourceList { resources: Array<{ uri: string; name: string }> }
interface ReadResult { contents: Array<{ text: string }> }

let engine: EmbeddedEngine
let root: string
let worker: RunningWorker
let client: IIIClient
let writer: IIIClient
const extraClients: IIIClient[] = []
const extraWorkers: RunningWorker[] = []

const call = <T>(c: IIIClient, functionId: string, payload: unknown = {}) =>
  c.trigger<unknown, T>({ function_id: functionId, payload, timeoutMs: 5000 })
const ids = (list: SkillList) => list.skills.map((s) => s.id)
const cacheOf = (w: RunningWorker) => w.deps.state as CachedStateStore
/** `state::list` calls the engine has received so far (only skills workers make them here). */
const stateLists = () => engine.frames.filter((f) => f.direction === 'in' && f.text.includes('"function_id":"state::list"')).length
const row = (id: string, title: string) => ({ id, skill: `# ${title}\n\nWritten straight into state.\n`, registered_at: '2026-01-02T03:04:05.678+00:00' })

async function startWorker(url: string): Promise<RunningWorker> {
  return startSkillsWorker({
    url,
    loaded: { config: { ...DEFAULT_CONFIG, skills: ['fs-skills/**/*.md'] }, baseDir: root },
    log: silentLogger(),
    sdk: SDK,
  })
}

/** Until the worker answers and its cache trusts the state binding on the current connection. */
async function untilCacheOn(w: RunningWorker = worker): Promise<void> {
  await pollUntil(async () => {
    await HANDLERS['skills::list']!({}, w.deps)
    if (!cacheOf(w).trusted) throw new Error('cache not on yet')
  }, { ...WAIT, what: 'the registry cache to turn on' })
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'skills-cache-'))
  await mkdir(join(root, 'fs-skills'))
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

beforeEach(async () => {
  engine = await startEmbeddedEngine({ recordFrames: true })
  worker = await startWorker(engine.url)
  client = registerWorker(engine.url, SDK)
  writer = registerWorker(engine.url, SDK)
  await pollUntil(() => call(client, 'skills::list'), { ...WAIT, what: 'skills::list' })
  for (const id of ['alpha', 'beta']) await call(client, 'skills::register', { id, skill: `# ${id}\n\nThe ${id} skill.\n` })
  await untilCacheOn()
})

afterEach(async () => {
  for (const c of [client, writer, ...extraClients.splice(0)]) await c.shutdown()
  for (const w of [worker, ...extraWorkers.splice(0)]) await w.shutdown()
  await engine.close()
})

describe('while nothing changes', () => {
  it('serves skills::list, the index and resources-list from one state::list', async () => {
    await call(client, 'skills::list')
    const before = stateLists()
    for (let i = 0; i < 3; i++) {
      expect(ids(await call<SkillList>(client, 'skills::list'))).toEqual(['alpha', 'beta'])
      expect((await call<ReadResult>(client, 'skills::resources-read', { uri: 'iii://skills' })).contents[0]!.text)
        .toContain('- [`beta`](iii://beta) \u2014 beta \u2014 The beta skill.\n')
      expect((await call<ResourceList>(client, 'skills::resources-list')).resources.map((r) => r.uri))
        .toEqual(['iii://skills', 'iii://alpha', 'iii://beta'])
    }
    expect(stateLists()).toBe(before)
  })

  it('keeps its change function out of the engine function listing', async () => {
    const listed = await call<{ functions: Array<{ function_id: string }> }>(client, 'engine::functions::list')
    expect(listed.functions.filter((f) => f.function_id.startsWith(REGISTRY_CHANGED_PREFIX))).toEqual([])
    expect(engine.listFunctions().filter((f) => f.function_id.startsWith(REGISTRY_CHANGED_PREFIX)).map((f) => f.metadata))
      .toEqual([{ internal: true }])
  })
})

describe('a row written straight into the scope by another client', () => {
  it('shows in the very next skills::list, index, resources-list and read, and goes with its delete', async () => {
    for (let i = 0; i < 20; i++) {
      const id = `direct-${i}`
      await call(client, 'skills::list')
      const value = row(id, `Direct ${i}`)
      await call(writer, 'state::set', { scope: 'skills', key: id, value })
      const listed = await call<SkillList>(client, 'skills::list')
      expect(listed.skills.find((s) => s.id === id))
        .toEqual({ id, bytes: Buffer.byteLength(value.skill), registered_at: value.registered_at, origin: 'state' })
      await call(writer, 'state::delete', { scope: 'skills', key: id })
      expect(ids(await call<SkillList>(client, 'skills::list'))).toEqual(['alpha', 'beta'])
    }
    await call(writer, 'state::set', { scope: 'skills', key: 'direct', value: row('direct', 'Direct') })
    expect((await call<ReadResult>(client, 'skills::resources-read', { uri: 'iii://skills' })).contents[0]!.text)
      .toContain('- [`direct`](iii://direct) \u2014 Direct \u2014 Written straight into state.\n')
    expect((await call<ResourceList>(client, 'skills::resources-list')).resources).toContainEqual(
      { mimeType: 'text/markdown', name: 'Direct', uri: 'iii://direct' })
    expect((await call<ReadResult>(client, 'skills::resources-read', { uri: 'iii://direct' })).contents[0]!.text)
      .toBe('# Direct\n\nWritten straight into state.\n')
    await call(writer, 'state::set', { scope: 'skills', key: 'direct', value: row('direct', 'Rewritten') })
    expect((await call<ReadResult>(client, 'skills::resources-read', { uri: 'iii://direct' })).contents[0]!.text)
      .toBe('# Rewritten\n\nWritten straight into state.\n')
    await call(writer, 'state::delete', { scope: 'skills', key: 'direct' })
    await expect(call(client, 'skills::resources-read', { uri: 'iii://direct' })).rejects.toThrow('Skill not found: direct')
  })

  it('shows a prompt written straight into its scope in the very next prompts::list', async () => {
    await call(client, 'prompts::list')
    await call(writer, 'state::set', {
      scope: 'prompts', key: 'direct',
      value: { name: 'direct', description: 'd', arguments: [], function_id: 'x::y', registered_at: '2026-01-02T03:04:05.678+00:00' },
    })
    const listed = await call<{ prompts: Array<{ name: string }> }>(client, 'prompts::list')
    expect(listed.prompts.map((p) => p.name)).toEqual(['direct'])
  })
})

describe('a row written by another instance of the worker', () => {
  it('shows in the first instance\'s very next listing', async () => {
    await HANDLERS['skills::list']!({}, worker.deps)
    const second = await startWorker(engine.url)
    extraWorkers.push(second)
    await untilCacheOn(second)
    await call(client, 'skills::register', { id: 'from-second', skill: '# From the second instance\n' })
    const seen = await HANDLERS['skills::list']!({}, worker.deps) as SkillList
    expect(ids(seen)).toEqual(['alpha', 'beta', 'from-second'])
  })
})

describe('filesystem skills', () => {
  it('are read afresh on every call: an edit, an addition and a removal show at once', async () => {
    const file = join(root, 'fs-skills', 'handbook.md')
    await writeFile(file, '# Handbook v1\n\nFirst edition.\n')
    try {
      const index = async () => (await call<ReadResult>(client, 'skills::resources-read', { uri: 'iii://skills' })).contents[0]!.text
      expect(await index()).toContain('- [`handbook`](iii://handbook) \u2014 Handbook v1 \u2014 First edition.\n')
      await writeFile(file, '# Handbook v2\n\nSecond edition, longer.\n')
      expect(await index()).toContain('- [`handbook`](iii://handbook) \u2014 Handbook v2 \u2014 Second edition, longer.\n')
      expect((await call<SkillList>(client, 'skills::list')).skills.find((s) => s.id === 'handbook')?.bytes).toBe(39)
      expect((await call<ResourceList>(client, 'skills::resources-list')).resources.at(-1)?.name).toBe('Handbook v2')
    } finally {
      await unlink(file)
    }
    expect(ids(await call<SkillList>(client, 'skills::list'))).toEqual(['alpha', 'beta'])
  })
})

describe('when the connection is lost', () => {
  it('stops trusting its copy and shows a row written while the worker was away', async () => {
    await call(client, 'skills::list')
    const connection = sdkConnectionId(worker.iii)
    expect(engine.dropWorker(connection!)).toBe(true)
    await call(writer, 'state::set', { scope: 'skills', key: 'while-away', value: row('while-away', 'While away') })
    const listed = await pollUntil(() => call<SkillList>(client, 'skills::list'), { ...WAIT, what: 'the worker to come back' })
    expect(ids(listed)).toEqual(['alpha', 'beta', 'while-away'])
    expect(sdkConnectionId(worker.iii)).not.toBe(connection)
    await untilCacheOn()
    expect(ids(await call<SkillList>(client, 'skills::list'))).toEqual(['alpha', 'beta', 'while-away'])
    await call(writer, 'state::delete', { scope: 'skills', key: 'while-away' })
    expect(ids(await call<SkillList>(client, 'skills::list'))).toEqual(['alpha', 'beta'])
  })

  it('serves the restarted engine\'s rows, not its copy of the old engine\'s', async () => {
    await call(client, 'skills::list')
    const { port } = engine
    await engine.close()
    engine = await startEmbeddedEngine({ port, recordFrames: true })
    const fresh = registerWorker(engine.url, SDK)
    extraClients.push(fresh)
    await pollUntil(() => call(fresh, 'state::set', { scope: 'skills', key: 'reborn', value: row('reborn', 'Reborn') }),
      { ...WAIT, what: 'the new engine' })
    const listed = await pollUntil(() => call<SkillList>(fresh, 'skills::list'), { ...WAIT, what: 'the worker to rejoin' })
    expect(ids(listed)).toEqual(['reborn'])
    await untilCacheOn()
    expect(ids(await call<SkillList>(fresh, 'skills::list'))).toEqual(['reborn'])
  })
})
