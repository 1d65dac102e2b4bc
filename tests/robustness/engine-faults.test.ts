import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { InvocationError, registerWorker, type IIIClient } from 'iii-sdk'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import '../support/no-unhandled.js'
import { INDEX_RESOURCE } from '../../src/core/envelopes.js'
import { MAX_PAYLOAD_BYTES } from '../../src/core/limits.js'
import * as msg from '../../src/core/messages.js'
import { BIG_BODY, MiB, nestedJson, seedBaseline } from './fixtures.js'
import { inFlightCount } from '../support/in-flight.js'
import {
  expectRegistryUnchanged, RawFunctionWorker, SDK_OPTIONS, sleep, startRobustEnv, subscribe, waitFor, waitUntilServing,
  type RobustEnv,
} from './harness.js'

const STATE_TIMEOUT_MS = 1500
const HUGE = 'h'.repeat(10 * MiB)
const SLOW_MS = 800

let env: RobustEnv
let functions: IIIClient

/** Section functions and prompt handlers, served by a second SDK client so it can be dropped alone. */
function serveFunctions(client: IIIClient): void {
  client.registerFunction('faults::never', () => new Promise(() => {}))
  client.registerFunction('faults::boom', async () => { throw new Error('kaboom') })
  client.registerFunction('faults::throw-string', async () => { throw 'plain failure' })
  client.registerFunction('faults::huge', async () => HUGE)
  client.registerFunction('faults::slow', async () => { await sleep(SLOW_MS); return 'slow done' })
  client.registerFunction('faults::nothing', async () => undefined)
  client.registerFunction('faults::json-bomb', async () => {
    let value: unknown = new Array(200_000).fill(0)
    for (let i = 0; i < 100; i++) value = [value]
    return value
  })
}

beforeAll(async () => {
  env = await startRobustEnv({ stateTimeoutMs: STATE_TIMEOUT_MS, embedded: true })
  await seedBaseline(env)
  functions = registerWorker(env.engine.url, SDK_OPTIONS)
  serveFunctions(functions)
  await waitForFunctions(['faults::never', 'faults::json-bomb'])
  for (const name of ['never', 'boom', 'throw-string', 'huge', 'slow', 'nothing']) {
    await env.call('prompts::register', { name: `p-${name}`, description: `handler ${name}`, function_id: `faults::${name}` })
  }
})

afterAll(async () => {
  await functions?.shutdown()
  await env?.close()
})

// Whatever failed, the worker answers normally right after.
afterEach(async () => {
  await waitUntilServing(env)
  expect(await env.call('skill::fetch', { uri: 'iii://alpha' })).toBe('# iii://alpha\n\n# Alpha\nAlpha body.')
})

async function waitForFunctions(ids: string[]): Promise<void> {
  await waitFor(() => ids.every((id) => env.engine.listFunctions().some((f) => f.function_id === id)), ids.join(', '))
}

/** Runs `act`, returning its result and how long it took. */
async function timed<T>(act: () => Promise<T>): Promise<[T, number]> {
  const started = Date.now()
  const result = await act()
  return [result, Date.now() - started]
}

describe('a section function or prompt handler that misbehaves', () => {
  it('never answering is cut off at state_timeout_ms with the trigger error, for reads, fetches and prompts at once', async () => {
    const error = `trigger faults::never: TIMEOUT: invocation timed out after ${STATE_TIMEOUT_MS}ms`
    const [outcomes, elapsed] = await timed(() => expectRegistryUnchanged(env, () => Promise.all([
      env.failure('skills::resources-read', { uri: 'iii://fn/faults/never' }),
      env.failure('skill::fetch', { uri: 'iii://fn/faults/never' }),
      env.failure('prompts::mcp-get', { name: 'p-never' }),
    ])))
    expect(outcomes).toEqual([error, error, error])
    expect(elapsed).toBeGreaterThanOrEqual(STATE_TIMEOUT_MS)
    expect(elapsed).toBeLessThan(STATE_TIMEOUT_MS + 1000)
  })

  it('answering with a frame nested 10,000 levels (which the engine drops) is cut off the same way', async () => {
    const raw = await RawFunctionWorker.connect(env.engine.url, { 'faults::deep': () => nestedJson(10_000) })
    try {
      await waitForFunctions(['faults::deep'])
      const [error, elapsed] = await timed(() => env.failure('skills::resources-read', { uri: 'iii://fn/faults/deep' }))
      expect(error).toBe(`trigger faults::deep: TIMEOUT: invocation timed out after ${STATE_TIMEOUT_MS}ms`)
      expect(elapsed).toBeLessThan(STATE_TIMEOUT_MS + 1000)
    } finally {
      raw.close()
    }
  })

  it.each([
    ['an Error', 'boom', 'kaboom'],
    ['a non-Error value', 'throw-string', 'plain failure'],
  ])('throwing %s fails the read, the fetch and the prompt with the trigger error', async (_case, name, thrown) => {
    const error = `trigger faults::${name}: invocation_failed: ${thrown}`
    await expectRegistryUnchanged(env, async () => {
      expect(await env.failure('skills::resources-read', { uri: `iii://fn/faults/${name}` })).toBe(error)
      expect(await env.failure('skill::fetch', { uri: `iii://fn/faults/${name}` })).toBe(error)
      expect(await env.failure('prompts::mcp-get', { name: `p-${name}` })).toBe(error)
    })
  })

  it('returning 10 MiB is served whole by a read, a fetch and a prompt', async () => {
    expect(await env.call('skills::resources-read', { uri: 'iii://fn/faults/huge' }, 10_000))
      .toEqual({ contents: [{ mimeType: 'text/markdown', text: HUGE, uri: 'iii://fn/faults/huge' }] })
    expect(await env.call('skill::fetch', { uri: 'iii://fn/faults/huge' }, 10_000)).toBe(`# iii://fn/faults/huge\n\n${HUGE}`)
    expect(await env.call('prompts::mcp-get', { name: 'p-huge' }, 10_000))
      .toEqual({ description: 'handler huge', messages: [{ role: 'user', content: { type: 'text', text: HUGE } }] })
  })

  it('returning 10 MiB twice in one fetch is refused instead of sending a frame the engine would reject', async () => {
    const error = await env.failure('skill::fetch', { uris: ['iii://fn/faults/huge', 'iii://fn/faults/huge'] }, 10_000)
    expect(error).toBe(msg.responseTooLarge(MAX_PAYLOAD_BYTES))
  })

  it('returning JSON that would pretty-print to gigabytes is refused without printing it', async () => {
    const [error, elapsed] = await timed(() => env.failure('skills::resources-read', { uri: 'iii://fn/faults/json-bomb' }))
    expect(error).toBe(msg.responseTooLarge(MAX_PAYLOAD_BYTES))
    expect(elapsed).toBeLessThan(1000)
  })

  it('returning nothing is served as JSON null', async () => {
    expect(await env.call('skills::resources-read', { uri: 'iii://fn/faults/nothing' }))
      .toEqual({ contents: [{ mimeType: 'application/json', text: 'null', uri: 'iii://fn/faults/nothing' }] })
    expect(await env.failure('prompts::mcp-get', { name: 'p-nothing' })).toBe(msg.PROMPT_UNSUPPORTED_SHAPE)
  })

  it('answering with a frame over the engine limit costs that worker its connection, and the caller a prompt error', async () => {
    const oversized = JSON.stringify('o'.repeat(17 * MiB))
    const raw = await RawFunctionWorker.connect(env.engine.url, { 'faults::oversize': () => oversized })
    try {
      await waitForFunctions(['faults::oversize'])
      const [error, elapsed] = await timed(() => env.failure('skills::resources-read', { uri: 'iii://fn/faults/oversize' }))
      expect(error).toBe('trigger faults::oversize: invocation_stopped: Invocation stopped')
      expect(elapsed).toBeLessThan(STATE_TIMEOUT_MS)
      await waitFor(() => raw.closed, 'the engine to close the oversized sender')
    } finally {
      raw.close()
    }
  })
})

describe('a connection that drops mid-call', () => {
  it('the skills worker dropping fails its callers at once; it reconnects and serves the same registry', async () => {
    const before = await env.snapshot()
    const pending = env.failure('skill::fetch', { uri: 'iii://fn/faults/slow' }, 10_000)
    await waitFor(() => inFlightCount(env.worker.deps, 'faults::slow') === 1, 'the section call to start')
    expect(env.engine.dropWorker(await env.workerId())).toBe(true)
    const [error, elapsed] = await timed(() => pending)
    expect(error).toBe('invocation_stopped: Invocation stopped')
    expect(elapsed).toBeLessThan(SLOW_MS)
    await waitUntilServing(env)
    expect(await env.snapshot()).toEqual(before)
    // Let the orphaned section call inside the worker run out before the next test.
    await sleep(STATE_TIMEOUT_MS)
  })

  it('the section function worker dropping fails the call at once with the trigger error', async () => {
    const idsBefore = new Set(env.engine.workers().map((w) => w.id))
    const host = registerWorker(env.engine.url, SDK_OPTIONS)
    try {
      host.registerFunction('faults::dropped', async () => { await sleep(5000); return 'late' })
      await waitForFunctions(['faults::dropped'])
      const hostId = env.engine.workers().find((w) => !idsBefore.has(w.id))?.id as string
      const pending = env.failure('skills::resources-read', { uri: 'iii://fn/faults/dropped' })
      await sleep(100)
      expect(env.engine.dropWorker(hostId)).toBe(true)
      const [error, elapsed] = await timed(() => pending)
      expect(error).toBe('trigger faults::dropped: invocation_stopped: Invocation stopped')
      expect(elapsed).toBeLessThan(STATE_TIMEOUT_MS)
    } finally {
      await host.shutdown()
    }
  })

  it('the caller dropping leaves the worker to finish and discard its answer', async () => {
    const idsBefore = new Set(env.engine.workers().map((w) => w.id))
    const caller = registerWorker(env.engine.url, SDK_OPTIONS)
    await caller.trigger({ function_id: 'skills::list', payload: {}, timeoutMs: 5000 })
    const callerId = env.engine.workers().find((w) => !idsBefore.has(w.id))?.id as string
    const pending = caller.trigger({ function_id: 'skill::fetch', payload: { uri: 'iii://fn/faults/slow' }, timeoutMs: 10_000 })
      .then(() => 'answered', (error: unknown) => (error as Error).message)
    await sleep(100)
    expect(env.engine.dropWorker(callerId)).toBe(true)
    await sleep(SLOW_MS + 200)
    await caller.shutdown()
    expect(await pending).toBe('iii is shutting down')
  })
})

describe('state calls that fail', () => {
  const timeout = () => new InvocationError({ code: 'TIMEOUT', message: `invocation timed out after ${STATE_TIMEOUT_MS}ms` })
  const TIMEOUT_TEXT = `TIMEOUT: invocation timed out after ${STATE_TIMEOUT_MS}ms`

  async function withFailingState<T>(act: () => Promise<T>): Promise<T> {
    const { state } = env.worker.deps
    const spies = (['set', 'get', 'delete', 'list', 'view'] as const).map((method) => vi.spyOn(state, method).mockRejectedValue(timeout()))
    try {
      return await act()
    } finally {
      for (const spy of spies) spy.mockRestore()
    }
  }

  it.each([
    ['skills::register', { id: 'during-outage', skill: '# x\n' }],
    ['skills::unregister', { id: 'alpha' }],
    ['skills::list', {}],
    ['prompts::register', { name: 'during-outage', description: 'd', function_id: 'faults::boom' }],
    ['prompts::unregister', { name: 'greet' }],
    ['prompts::list', {}],
  ])('%s propagates the state error unchanged and notifies nobody', async (functionId, payload) => {
    const skills = await subscribe(env, 'skills::on-change')
    const prompts = await subscribe(env, 'prompts::on-change')
    try {
      const error = await expectRegistryUnchanged(env, () => withFailingState(() => env.failure(functionId, payload)))
      expect(error).toBe(TIMEOUT_TEXT)
      await sleep(100)
      expect([...skills.events, ...prompts.events]).toEqual([])
    } finally {
      skills.unbind()
      prompts.unbind()
    }
  })

  it.each([
    ['skills::resources-read', { uri: 'iii://alpha' }, msg.stateGetFailed(TIMEOUT_TEXT)],
    ['skill::fetch', { uri: 'iii://alpha' }, msg.stateGetFailed(TIMEOUT_TEXT)],
    ['prompts::mcp-get', { name: 'greet' }, msg.stateGetFailed(TIMEOUT_TEXT)],
  ])('%s reports a failed state::get as `state::get: …`', async (functionId, payload, error) => {
    expect(await expectRegistryUnchanged(env, () => withFailingState(() => env.failure(functionId, payload)))).toBe(error)
  })

  it.each([
    ['skills::resources-list', {}, { resources: [INDEX_RESOURCE] }],
    ['prompts::mcp-list', {}, { prompts: [] }],
    ['skills::resources-read', { uri: 'iii://skills' }, {
      contents: [{ mimeType: 'text/markdown', text: `# Skills\n\n_Error reading skills index: ${TIMEOUT_TEXT}_\n`, uri: 'iii://skills' }],
    }],
    ['skills::resources-templates', {}, { resourceTemplates: expect.any(Array) }],
  ])('%s degrades as specified instead of failing', async (functionId, payload, reply) => {
    expect(await withFailingState(() => env.call(functionId, payload))).toEqual(reply)
  })

  it('rows another writer corrupted are left alone: listings skip them, direct reads name the bad field', async () => {
    await env.call('state::set', { scope: 'skills', key: 'junk', value: { id: 'junk', registered_at: 'x' } })
    await env.call('state::set', { scope: 'prompts', key: 'junk', value: { name: 'junk', description: 7 } })
    try {
      const skills = await env.call<{ skills: Array<{ id: string }> }>('skills::list', {})
      expect(skills.skills.map((s) => s.id)).toEqual(['alpha', 'big', 'nested/child'])
      const prompts = await env.call<{ prompts: Array<{ name: string }> }>('prompts::mcp-list', {})
      expect(prompts.prompts.map((p) => p.name)).not.toContain('junk')
      await expectRegistryUnchanged(env, async () => {
        expect(await env.failure('skills::resources-read', { uri: 'iii://junk' })).toBe(msg.decodeStoredSkill('junk', 'missing field `skill`'))
        expect(await env.failure('prompts::mcp-get', { name: 'junk' }))
          .toBe(msg.decodeStoredPrompt('junk', 'invalid type for field `description`: expected string, got integer'))
      })
    } finally {
      await env.call('state::delete', { scope: 'skills', key: 'junk' })
      await env.call('state::delete', { scope: 'prompts', key: 'junk' })
    }
  })
})

describe('engine and subscriber loss', () => {
  it('an engine restart keeps every row (state lives in the engine); the worker and its subscribers come back by themselves', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'skills-restart-'))
    const restartable = await startRobustEnv({ stateFile: join(dir, 'state.json'), embedded: true })
    try {
      const events = await subscribe(restartable, 'skills::on-change')
      await restartable.call('skills::register', { id: 'kept', skill: BIG_BODY })
      await restartable.call('prompts::register', { name: 'kept', description: 'Kept', function_id: 'faults::boom' })
      await waitFor(() => events.events.length === 1, 'the first notification')
      const listedBefore = await restartable.call('skills::list', {})
      const before = await restartable.snapshot()
      await restartable.engine.flush()

      await restartable.restartEngine()
      await waitUntilServing(restartable)

      expect(await restartable.snapshot()).toEqual(before)
      expect(await restartable.call('skills::list', {})).toEqual(listedBefore)
      expect(await restartable.call('skill::fetch', { uri: 'iii://kept' })).toBe(`# iii://kept\n\n${BIG_BODY}`)
      await restartable.call('skills::register', { id: 'after-restart', skill: '# After\n' })
      await waitFor(() => events.events.length === 2, 'the notification after the restart')
      expect(events.events).toEqual([{ op: 'register', id: 'kept' }, { op: 'register', id: 'after-restart' }])
    } finally {
      await restartable.close()
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('a subscriber that is down misses the fire-and-forget events of that time and gets later ones', async () => {
    const idsBefore = new Set(env.engine.workers().map((w) => w.id))
    const listener = registerWorker(env.engine.url, SDK_OPTIONS)
    const events: unknown[] = []
    try {
      listener.registerFunction('watch::down', async ({ op, id }: { op: string; id: string }) => { events.push({ op, id }) })
      const bindings = env.worker.deps.notify.skills.size
      listener.registerTrigger({ type: 'skills::on-change', function_id: 'watch::down', config: {} })
      await waitFor(() => env.worker.deps.notify.skills.size === bindings + 1, 'the binding')
      const listenerId = env.engine.workers().find((w) => !idsBefore.has(w.id))?.id as string

      expect(env.engine.dropWorker(listenerId)).toBe(true)
      await waitFor(() => env.worker.deps.notify.skills.size === bindings, 'the engine to unbind the dropped subscriber')
      await env.call('skills::register', { id: 'while-down', skill: '# Down\n' })
      await waitFor(() => env.worker.deps.notify.skills.size === bindings + 1, 'the subscriber to reconnect and rebind')
      await env.call('skills::unregister', { id: 'while-down' })
      await waitFor(() => events.length === 1, 'the event after the reconnect')
      await sleep(100)
      expect(events).toEqual([{ op: 'unregister', id: 'while-down' }])
    } finally {
      await listener.shutdown()
    }
  })
})
