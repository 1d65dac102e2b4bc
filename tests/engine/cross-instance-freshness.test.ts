/**
 * E3's promise with two worker instances on one engine and an operator writing state directly, in
 * the topologies where the engine's `state` trigger cannot be relied on: switched off (iii-state's
 * `triggers_enabled: false`), on, and on behind a 100 ms subscriber bound ahead of the workers.
 *
 * One writer loop makes every write in turn — the operator's `state::set` / `state::delete` on both
 * scopes, and `skills::register` / `skills::unregister` through either instance — and after each
 * acknowledgement reads the entry back through both instances (`skills::resources-read`,
 * `skill::fetch`, `skill::describe_skill`, `skill::read_skill_file`, `prompts::mcp-get`): every such
 * read must reflect the write. Meanwhile both
 * instances list (`skills::list`, `prompts::list`) at random intervals, and every listing must be a
 * state of the registry no older than the last write acknowledged more than max_staleness_ms
 * before the listing call started.
 */
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { registerWorker, type IIIClient } from 'iii-sdk'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG } from '../../src/core/config-types.js'
import { promptNotFound, skillNotFound } from '../../src/core/messages.js'
import { formatTimestamp } from '../../src/core/time.js'
import { startEmbeddedEngine, type EmbeddedEngine } from '../../src/embedded/index.js'
import type { CachedStateStore } from '../../src/engine/registry-cache.js'
import { startSkillsWorker, type RunningWorker } from '../../src/app/skills-worker.js'
import { pollUntil } from '../support/poll.js'
import { SDK_OPTIONS as SDK } from '../support/sdk-client.js'
import { silentLogger } from '../support/silent-logger.js'
import { EXTENSION_HANDLERS, HANDLERS } from '../support/handlers.js'

const MAX_STALENESS_MS = 200
const WRITES = 250
const SLOW_SUBSCRIBER_MS = 100
const SKILL_IDS = ['s0', 's1', 's2', 's3', 's4']
const PROMPT_NAMES = ['p0', 'p1', 'p2']
const WAIT = { timeoutMs: 15_000, intervalMs: 20 }

/** One scope's content as the listings show it: key → registered_at (skills) or description (prompts). */
type Snapshot = ReadonlyMap<string, string>

/** Every state the scope went through, in order, with the time each write was acknowledged. */
class History {
  readonly states: Array<{ snapshot: Snapshot; ackedAt: number }> = [{ snapshot: new Map(), ackedAt: -Infinity }]

  get current(): Snapshot {
    return this.states.at(-1)!.snapshot
  }

  /** Records the state a write is about to produce, before it is sent (a listing may see it early). */
  begin(key: string, value: string | undefined): { acked(): void } {
    const snapshot = new Map(this.current)
    if (value === undefined) snapshot.delete(key)
    else snapshot.set(key, value)
    const state = { snapshot, ackedAt: Infinity }
    this.states.push(state)
    return { acked: () => { state.ackedAt = performance.now() } }
  }

  /** True when `seen` is a state no older than the last one acknowledged before `oldest`. */
  fresh(seen: Snapshot, oldest: number): boolean {
    let floor = 0
    this.states.forEach((s, i) => { if (s.ackedAt < oldest) floor = i })
    return this.states.slice(floor).some((s) => sameEntries(s.snapshot, seen))
  }
}

function sameEntries(a: Snapshot, b: Snapshot): boolean {
  return a.size === b.size && [...a].every(([k, v]) => b.get(k) === v)
}

/** A distinct registered_at per write, as the worker formats it. */
const stamp = (i: number) => formatTimestamp(new Date(Date.UTC(2026, 0, 1) + i * 1000 + 1))

/** Park–Miller: the same seed gives the same schedule. */
function random(seed: number): () => number {
  let state = seed
  return () => (state = (state * 48271) % 2147483647) / 2147483647
}

interface SkillList { skills: Array<{ id: string; registered_at: string; origin: string }> }
interface PromptList { prompts: Array<{ name: string; registered_at: string }> }
interface McpPrompt { description: string }
interface McpPromptList { prompts: Array<{ name: string; description: string }> }
interface ReadResult { contents: Array<{ text: string }> }

const handler = <T>(w: RunningWorker, id: string, input: unknown) => (HANDLERS[id] ?? EXTENSION_HANDLERS[id])!(input, w.deps) as Promise<T>

let engine: EmbeddedEngine
let operator: IIIClient
let slow: IIIClient | undefined
let workers: RunningWorker[]

async function startWorker(): Promise<RunningWorker> {
  return startSkillsWorker({
    url: engine.url,
    loaded: { config: { ...DEFAULT_CONFIG, cache: { enabled: true, max_staleness_ms: MAX_STALENESS_MS } }, baseDir: process.cwd() },
    log: silentLogger(),
    sdk: SDK,
  })
}

/** A subscriber to both scopes' `state` trigger, bound before the workers so the engine calls it first. */
async function bindSlowSubscriber(): Promise<IIIClient> {
  const client = registerWorker(engine.url, SDK)
  client.registerFunction('slow::on-state', async () => {
    await sleep(SLOW_SUBSCRIBER_MS)
  })
  for (const scope of ['skills', 'prompts']) client.registerTrigger({ type: 'state', function_id: 'slow::on-state', config: { scope } })
  await pollUntil(async () => {
    const info = await engine.invoke('engine::functions::info', { function_id: 'slow::on-state' }) as { registered_triggers?: unknown[] }
    if (info.registered_triggers?.length !== 2) throw new Error('slow subscriber not bound yet')
  }, { ...WAIT, what: 'the slow subscriber' })
  return client
}

async function setUp(topology: Topology): Promise<void> {
  engine = await startEmbeddedEngine({ triggersEnabled: topology !== 'triggers off', recordFrames: true })
  operator = registerWorker(engine.url, SDK)
  operator.registerFunction('operator::prompt', async () => 'Answer in one line.')
  slow = topology === 'triggers on, slow subscriber first' ? await bindSlowSubscriber() : undefined
  workers = [await startWorker(), await startWorker()]
  for (const w of workers) {
    await pollUntil(async () => {
      await handler(w, 'skills::list', {})
      if (!(w.deps.state as CachedStateStore).trusted) throw new Error('cache not on yet')
    }, { ...WAIT, what: 'the registry cache to turn on' })
  }
  await pollUntil(() => engine.invoke('operator::prompt', {}), { ...WAIT, what: 'the prompt handler' })
}

type Topology = 'triggers off' | 'triggers on' | 'triggers on, slow subscriber first'

afterEach(async () => {
  for (const w of workers) await w.shutdown()
  await operator.shutdown()
  await slow?.shutdown()
  await engine.close()
})

describe.each<Topology>(['triggers off', 'triggers on', 'triggers on, slow subscriber first'])('two instances, operator writes, %s', (topology) => {
  beforeEach(() => setUp(topology))

  it(`every single read reflects every acknowledged write; no listing is older than ${MAX_STALENESS_MS} ms`, async () => {
    const next = random(topology.length)
    const skills = new History()
    const prompts = new History()
    const stale: string[] = []
    let writing = true
    let listings = 0

    const operatorCall = (function_id: string, payload: unknown) => operator.trigger({ function_id, payload, timeoutMs: 5000 })

    /** One write, then the entry read back through both instances. */
    const write = async (i: number): Promise<void> => {
      const pick = next()
      if (pick < 0.6) {
        const id = SKILL_IDS[Math.floor(next() * SKILL_IDS.length)]!
        const remove = next() < 0.3
        const body = `# Skill ${id} v${i}\n\nWrite number ${i}.\n`
        const through = Math.floor(next() * 3) // 0: operator, 1: instance A, 2: instance B
        const registered_at = stamp(i)
        const step = skills.begin(id, remove ? undefined : registered_at)
        if (through === 0 && remove) await operatorCall('state::delete', { scope: 'skills', key: id })
        else if (through === 0) await operatorCall('state::set', { scope: 'skills', key: id, value: { id, skill: body, registered_at } })
        else if (remove) await handler(workers[through - 1]!, 'skills::unregister', { id })
        else {
          workers[through - 1]!.deps.now = () => new Date(registered_at)
          await handler(workers[through - 1]!, 'skills::register', { id, skill: body })
        }
        step.acked()
        for (const [n, w] of workers.entries()) {
          const where = `write ${i}, instance ${n}, ${id}`
          if (remove) {
            await expect(handler(w, 'skills::resources-read', { uri: `iii://${id}` }), where).rejects.toThrow(skillNotFound(id))
            await expect(handler(w, 'skill::fetch', { uri: `iii://${id}` }), where).rejects.toThrow(skillNotFound(id))
            await expect(handler(w, 'skill::describe_skill', { name: id, detail: 'full' }), where).rejects.toThrow(skillNotFound(id))
            await expect(handler(w, 'skill::read_skill_file', { name: id, path: 'SKILL.md' }), where).rejects.toThrow(skillNotFound(id))
          } else {
            const read = await handler<ReadResult>(w, 'skills::resources-read', { uri: `iii://${id}` })
            if (read.contents[0]?.text !== body) stale.push(`${where}: resources-read`)
            const fetched = await handler<string>(w, 'skill::fetch', { uri: `iii://${id}` })
            if (fetched !== `# iii://${id}\n\n${body.trimEnd()}`) stale.push(`${where}: fetch`)
            const described = await handler<{ skill: { skill_md_content?: string } }>(w, 'skill::describe_skill', { name: id, detail: 'full' })
            if (described.skill.skill_md_content !== body) stale.push(`${where}: describe_skill`)
            const file = await handler<{ content: string }>(w, 'skill::read_skill_file', { name: id, path: 'SKILL.md' })
            if (file.content !== body) stale.push(`${where}: read_skill_file`)
          }
        }
      } else {
        const name = PROMPT_NAMES[Math.floor(next() * PROMPT_NAMES.length)]!
        const remove = next() < 0.3
        const description = `Prompt ${name}, written at ${stamp(i)}`
        const step = prompts.begin(name, remove ? undefined : description)
        if (remove) await operatorCall('state::delete', { scope: 'prompts', key: name })
        else {
          await operatorCall('state::set', {
            scope: 'prompts', key: name,
            value: { name, description, arguments: [], function_id: 'operator::prompt', registered_at: stamp(i) },
          })
        }
        step.acked()
        for (const [n, w] of workers.entries()) {
          const where = `write ${i}, instance ${n}, prompt ${name}`
          if (remove) await expect(handler(w, 'prompts::mcp-get', { name }), where).rejects.toThrow(promptNotFound(name))
          else if ((await handler<McpPrompt>(w, 'prompts::mcp-get', { name })).description !== description) stale.push(`${where}: mcp-get`)
        }
      }
    }

    const listLoop = async (w: RunningWorker, n: number): Promise<void> => {
      while (writing) {
        const startedAt = performance.now()
        const [skillList, promptList, mcpList] = await Promise.all([
          handler<SkillList>(w, 'skills::list', {}),
          handler<PromptList>(w, 'prompts::list', {}),
          handler<McpPromptList>(w, 'prompts::mcp-list', {}),
        ])
        listings++
        const seen: Array<[string, History, Snapshot]> = [
          ['skills::list', skills, new Map(skillList.skills.map((s) => [s.id, s.registered_at]))],
          ['prompts::list', prompts, new Map(promptList.prompts.map((p) => [p.name, `Prompt ${p.name}, written at ${p.registered_at}`]))],
          ['prompts::mcp-list', prompts, new Map(mcpList.prompts.map((p) => [p.name, p.description]))],
        ]
        for (const [listing, history, snapshot] of seen) {
          if (!history.fresh(snapshot, startedAt - MAX_STALENESS_MS)) stale.push(`instance ${n}: ${listing} ${JSON.stringify([...snapshot])}`)
        }
        // Mostly back to back (the background refresh keeps up), sometimes a pause of about the
        // bound, after which only the bound stops the copy from being served.
        await sleep(next() < 0.7 ? next() * 40 : 100 + next() * 300)
      }
    }

    const stateLists = () => engine.frames.filter((f) => f.direction === 'in' && f.text.includes('"function_id":"state::list"')).length
    const listsBefore = stateLists()
    const readers = workers.map(listLoop)
    try {
      for (let i = 0; i < WRITES; i++) {
        await write(i)
        await sleep(next() * 15)
      }
      // Listings keep going for a while after the last write, when only the bound can bring it in.
      await sleep(2 * MAX_STALENESS_MS)
    } finally {
      writing = false
      await Promise.all(readers)
    }
    expect(stale.slice(0, 4)).toEqual([])
    expect(listings).toBeGreaterThan(20)
    // The cache is in play: fewer state::list calls than the listings made.
    expect(stateLists() - listsBefore).toBeLessThan(2 * listings)
  })
})
