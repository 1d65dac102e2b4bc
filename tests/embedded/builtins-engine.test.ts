import { describe, expect, it } from 'vitest'
import { InvocationError } from 'iii-sdk'
import { useHarness } from './harness.js'

const h = useHarness()

const REQUEST = { type: 'object' as const, properties: { id: { type: 'string' } }, required: ['id'] }
const RESPONSE = { type: 'object' as const, properties: { ok: { type: 'boolean' } } }

async function setup() {
  const engine = await h.engine()
  const client = h.client(engine.url, 'catalog')
  client.registerFunction('cat::visible', async () => 1, {
    description: 'A Visible function', request_format: REQUEST, response_format: RESPONSE, metadata: { tier: 'a' },
  })
  client.registerFunction('cat::hidden', async () => 1, { metadata: { internal: true } })
  client.registerFunction('engine::queue::probe', async () => 1)
  client.registerFunction('engine::custom', async () => 1)
  await h.functionReady(engine, 'engine::custom')
  await h.workerId(engine, 'catalog')
  const call = (fn: string, payload: unknown) => client.trigger({ function_id: fn, payload, timeoutMs: 2000 })
  return { engine, client, call }
}

const ids = (result: unknown) => (result as { functions: Array<{ function_id: string }> }).functions.map((f) => f.function_id)

describe('engine::functions::list', () => {
  it('lists {function_id, worker_name, description?, metadata?} plus the registered formats, sorted by id', async () => {
    const { call } = await setup()
    const result = (await call('engine::functions::list', {})) as { functions: unknown[] }
    expect(result.functions).toEqual([
      { function_id: 'cat::visible', worker_name: 'catalog', description: 'A Visible function', metadata: { tier: 'a' },
        request_format: REQUEST, response_format: RESPONSE },
      { function_id: 'engine::queue::probe', worker_name: 'catalog' },
      { function_id: 'state::delete', worker_name: 'iii-state', description: 'Delete a value from state' },
      { function_id: 'state::get', worker_name: 'iii-state', description: 'Get a value from state' },
      { function_id: 'state::list', worker_name: 'iii-state', description: 'Get a group from state' },
      { function_id: 'state::list_groups', worker_name: 'iii-state', description: 'List all state groups' },
      { function_id: 'state::set', worker_name: 'iii-state', description: 'Set a value in state' },
      { function_id: 'state::update', worker_name: 'iii-state', description: 'Update a value in state' },
    ])
  })

  it('shows engine::* and metadata.internal functions with include_internal', async () => {
    const { call } = await setup()
    expect(ids(await call('engine::functions::list', { include_internal: true }))).toEqual([
      'cat::hidden', 'cat::visible', 'engine::custom', 'engine::functions::info', 'engine::functions::list',
      'engine::queue::probe', 'engine::workers::list', 'engine::workers::register',
      'state::delete', 'state::get', 'state::list', 'state::list_groups', 'state::set', 'state::update',
    ])
  })

  it.each([
    [{ search: 'VISIBLE' }, ['cat::visible']],
    [{ search: 'group' }, ['state::list', 'state::list_groups']],
    [{ prefix: 'state::list' }, ['state::list', 'state::list_groups']],
    [{ worker: 'catalog' }, ['cat::visible', 'engine::queue::probe']],
    [{ workers: ['iii-state'], prefix: 'state::s' }, ['state::set']],
    [{ worker: 'nobody', workers: ['catalog'], search: 'probe' }, ['engine::queue::probe']],
  ])('filters with %j', async (input, expected) => {
    const { call } = await setup()
    expect(ids(await call('engine::functions::list', input))).toEqual(expected)
  })

  it('falls back to the first id segment for a worker that never registered its name', async () => {
    const engine = await h.engine()
    const raw = await h.raw(engine.url)
    raw.send({ type: 'registerfunction', id: 'anon::fn' })
    await h.functionReady(engine, 'anon::fn')
    expect(await engine.invoke('engine::functions::list', { prefix: 'anon' })).toEqual({
      functions: [{ function_id: 'anon::fn', worker_name: 'anon' }],
    })
  })

  it('rejects a mistyped filter with deserialization_error', async () => {
    const { call } = await setup()
    const error = await call('engine::functions::list', { include_internal: 'yes' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvocationError)
    expect((error as Error).message).toBe(
      'deserialization_error: Failed to deserialize input for engine::functions::list: invalid type: string "yes", expected a boolean')
  })
})

describe('engine::functions::info', () => {
  it('describes one function with its schemas and live bindings', async () => {
    const { call, client, engine } = await setup()
    client.registerTrigger({ type: 'state', function_id: 'cat::visible', config: { scope: 'x' } })
    await expect.poll(async () =>
      ((await engine.invoke('engine::functions::info', { function_id: 'cat::visible' })) as { registered_triggers: unknown[] })
        .registered_triggers.length).toBe(1)

    const info = (await call('engine::functions::info', { function_id: 'cat::visible' })) as Record<string, unknown>
    expect(info).toEqual({
      function_id: 'cat::visible', worker_name: 'catalog', description: 'A Visible function',
      request_schema: REQUEST, response_schema: RESPONSE, metadata: { tier: 'a' },
      registered_triggers: [{ id: expect.any(String), trigger_type: 'state', config: { scope: 'x' } }],
    })
  })

  it('answers a batch with a not_found marker per unknown id', async () => {
    const { call } = await setup()
    const result = (await call('engine::functions::info', { function_ids: ['state::get', 'nope::x'] })) as { functions: unknown[] }
    expect(result.functions).toEqual([
      { function_id: 'state::get', worker_name: 'iii-state', description: 'Get a value from state', registered_triggers: [] },
      { function_id: 'nope::x', error: 'not_found' },
    ])
  })

  it.each([
    [{ function_id: 'nope::x' }, "NOT_FOUND: Function 'nope::x' is not registered."],
    [{}, 'INVALID_ARGUMENTS: Exactly one of `function_id` or `function_ids` must be set.'],
    [{ function_id: 'a', function_ids: ['a'] }, 'INVALID_ARGUMENTS: Exactly one of `function_id` or `function_ids` must be set.'],
    [{ function_ids: Array.from({ length: 33 }, (_, i) => `f::${i}`) }, 'INVALID_ARGUMENTS: `function_ids` has 33 entries; at most 32 are allowed.'],
  ])('fails %j', async (input, message) => {
    const { call } = await setup()
    expect(await call('engine::functions::info', input).catch((e: Error) => e.message)).toBe(message)
  })
})

describe('engine::workers::list and engine::workers::register', () => {
  it('records what the SDK registers and lists connected workers that sent a pid', async () => {
    const { engine, call } = await setup()
    await h.raw(engine.url)
    const [catalog] = engine.workers().filter((w) => w.name === 'catalog')
    expect(catalog?.pid).toBe(process.pid)

    const { workers } = (await call('engine::workers::list', {})) as { workers: Array<Record<string, unknown>> }

    expect(workers.map((w) => w.name)).toEqual(['iii-engine-functions', 'iii-state', 'catalog'])
    expect(workers[2]).toEqual({
      name: 'catalog', description: null, version: '0.22.1', id: catalog?.id, runtime: 'node', os: expect.stringContaining('linux'),
      status: 'connected', function_count: 4, connected_at_ms: catalog?.connectedAtMs, active_invocations: 0, isolation: null,
      ip_address: '127.0.0.1',
    })
    expect(workers[1]).toEqual({
      name: 'iii-state', description: null, version: null, id: 'iii-state', runtime: 'engine', os: null, status: 'available',
      function_count: 6, connected_at_ms: null, active_invocations: 0, isolation: 'in-process', ip_address: null,
    })
  })

  it.each([
    [{ runtime: 'node' }, ['catalog']],
    [{ status: 'available' }, ['iii-engine-functions', 'iii-state']],
    [{ search: 'STATE' }, ['iii-state']],
  ])('filters with %j', async (input, names) => {
    const { call } = await setup()
    const { workers } = (await call('engine::workers::list', input)) as { workers: Array<{ name: string }> }
    expect(workers.map((w) => w.name)).toEqual(names)
  })

  it('answers register with {success: true}', async () => {
    const engine = await h.engine()
    expect(await engine.invoke('engine::workers::register', { name: 'x', pid: 1 })).toEqual({ success: true })
  })
})

describe('listFunctions()', () => {
  it('returns every function, built-ins included, with formats and worker names', async () => {
    const { engine } = await setup()
    const visible = engine.listFunctions().find((f) => f.function_id === 'cat::visible')
    expect(visible).toEqual({
      function_id: 'cat::visible', worker_name: 'catalog', description: 'A Visible function',
      request_format: REQUEST, response_format: RESPONSE, metadata: { tier: 'a' },
    })
    expect(engine.listFunctions().map((f) => f.function_id)).toContain('engine::workers::register')
  })
})
