/** Whole-scope reads go through the reader client; every other state call, and the cache's bindings, through the worker's own. */
import { describe, expect, it } from 'vitest'
import type { IIIClient } from 'iii-sdk'
import { CachedStateStore } from '../../src/engine/registry-cache.js'
import { StateStore } from '../../src/engine/state-store.js'
import { registerWorker } from 'iii-sdk'
import { DEFAULT_CONFIG } from '../../src/core/config-types.js'
import { startEmbeddedEngine } from '../../src/embedded/index.js'
import { STATE_READER_NAME, startSkillsWorker } from '../../src/app/skills-worker.js'
import { pollUntil } from '../support/poll.js'
import { SDK_OPTIONS } from '../support/sdk-client.js'
import { silentLogger } from '../support/silent-logger.js'

function recordingClient(name: string, calls: string[]): IIIClient {
  return {
    trigger: async ({ function_id }: { function_id: string }) => {
      calls.push(`${name} ${function_id}`)
      return function_id === 'state::list' ? [{ id: 'a', skill: '# A', registered_at: 't' }] : null
    },
    registerFunction: () => undefined,
    registerTrigger: () => undefined,
  } as unknown as IIIClient
}

describe('the state reader connection', () => {
  it('carries state::list and nothing else', async () => {
    const calls: string[] = []
    const store = new StateStore(recordingClient('worker', calls), 1000, recordingClient('reader', calls))
    await store.set('skills', 'a', {})
    await store.get('skills', 'a')
    expect(await store.list('skills')).toEqual([{ id: 'a', skill: '# A', registered_at: 't' }])
    await store.delete('skills', 'a')
    expect(calls).toEqual(['worker state::set', 'worker state::get', 'reader state::list', 'worker state::delete'])
  })

  it('is used by the caching store for its listings, and defaults to the worker client', async () => {
    const calls: string[] = []
    const cached = new CachedStateStore(recordingClient('worker', calls), 1000, ['skills'], silentLogger(), () => undefined, undefined, recordingClient('reader', calls))
    await cached.list('skills')
    await cached.view('skills', 'k', (values) => values.length)
    expect(calls).toEqual(['reader state::list', 'reader state::list'])
    calls.length = 0
    await new StateStore(recordingClient('worker', calls), 1000).list('skills')
    expect(calls).toEqual(['worker state::list'])
  })
})

describe('a skills worker on an engine', () => {
  it('reads whole scopes on its reader connection, and lists a scope of over 1 MiB whole', async () => {
    const engine = await startEmbeddedEngine({ port: 0 })
    const worker = await startSkillsWorker({ url: engine.url, loaded: { config: DEFAULT_CONFIG, baseDir: process.cwd() }, log: silentLogger(), sdk: SDK_OPTIONS })
    const caller = registerWorker(engine.url, SDK_OPTIONS)
    try {
      const call = <T>(function_id: string, payload: unknown) => caller.trigger<unknown, T>({ function_id, payload, timeoutMs: 10_000 })
      await pollUntil(() => call('skills::list', {}), { timeoutMs: 10_000, what: 'the skills worker' })
      const ids = Array.from({ length: 600 }, (_, i) => `bulk/s${String(i).padStart(3, '0')}`)
      for (const id of ids) await call('skills::register', { id, skill: `# ${id} é\n\n${'A line of "quoted" text, with [brackets]. '.repeat(50)}` })
      const listed = await call<{ skills: Array<{ id: string }> }>('skills::list', {})
      expect(listed.skills.map((s) => s.id)).toEqual(ids)
      const { workers } = await call<{ workers: Array<{ name: string | null; functions?: unknown[] }> }>('engine::workers::list', {})
      expect(workers.map((w) => w.name)).toEqual(expect.arrayContaining(['skills', STATE_READER_NAME]))
      const functions = await call<{ functions: Array<{ function_id: string; worker_name?: string }> }>('engine::functions::list', {})
      expect(JSON.stringify(functions)).not.toContain(STATE_READER_NAME)
    } finally {
      await caller.shutdown()
      await worker.shutdown()
      await engine.close()
    }
  }, 60_000)
})
