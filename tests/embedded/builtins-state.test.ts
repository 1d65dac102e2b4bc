import { describe, expect, it } from 'vitest'
import { InvocationError, type IIIClient } from 'iii-sdk'
import { sleep, useHarness, waitFor } from './harness.js'

const h = useHarness()

async function stateClient(): Promise<{ call: (fn: string, payload: unknown) => Promise<unknown>; client: IIIClient }> {
  const engine = await h.engine()
  const client = h.client(engine.url, 'state-user')
  return { client, call: (fn, payload) => client.trigger({ function_id: fn, payload, timeoutMs: 2000 }) }
}

async function errorOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(InvocationError)
  return (error as InvocationError).message
}

describe('state::* result shapes (spec §3, §7)', () => {
  it('runs the proof-run sequence and gets the exact Node values', async () => {
    const { call } = await stateClient()
    const steps: Array<[string, unknown]> = [
      ['state::set', { scope: 's', key: 'k', value: { a: 1 } }],
      ['state::set', { scope: 's', key: 'k', value: { a: 2 } }],
      ['state::get', { scope: 's', key: 'k' }],
      ['state::get', { scope: 's', key: 'missing' }],
      ['state::list', { scope: 's' }],
      ['state::list_groups', {}],
      ['state::delete', { scope: 's', key: 'k' }],
      ['state::delete', { scope: 's', key: 'k' }],
      ['state::list_groups', {}],
    ]
    const results = []
    for (const [fn, payload] of steps) results.push(await call(fn, payload))
    expect(results).toEqual([
      { old_value: null, new_value: { a: 1 } },
      { old_value: { a: 1 }, new_value: { a: 2 } },
      { a: 2 },
      undefined,
      [{ a: 2 }],
      { groups: ['s'] },
      { a: 2 },
      undefined,
      { groups: ['s'] },
    ])
  })

  it('stores null and returns it as null, and accepts data as an alias of value', async () => {
    const { call } = await stateClient()
    expect(await call('state::set', { scope: 's', key: 'n', value: null })).toEqual({ old_value: null, new_value: null })
    expect(await call('state::get', { scope: 's', key: 'n' })).toBeNull()
    expect(await call('state::set', { scope: 's', key: 'd', data: 'via data' })).toEqual({ old_value: null, new_value: 'via data' })
    expect(await call('state::delete', { scope: 's', key: 'n' })).toBeNull()
  })

  it('lists values in first-insertion order, keeping the position of an overwritten key', async () => {
    const { call } = await stateClient()
    for (const [key, value] of [['b', 1], ['a', 2], ['c', 3], ['b', 4]] as const) await call('state::set', { scope: 'o', key, value })
    expect(await call('state::list', { scope: 'o' })).toEqual([4, 2, 3])
    expect(await call('state::list', { scope: 'unknown' })).toEqual([])
    expect(await call('state::get', { scope: 'unknown', key: 'k' })).toBeUndefined()
  })

  it('lists groups sorted and de-duplicated, without creating scopes on reads', async () => {
    const { call } = await stateClient()
    await call('state::get', { scope: 'read-only', key: 'k' })
    for (const scope of ['zeta', 'alpha', 'mid', 'alpha']) await call('state::set', { scope, key: 'k', value: 1 })
    expect(await call('state::list_groups', {})).toEqual({ groups: ['alpha', 'mid', 'zeta'] })
  })

  it.each([
    ['state::get', { scope: 's' }, 'missing field `key`'],
    ['state::get', { key: 'k' }, 'missing field `scope`'],
    ['state::get', { scope: 's', key: 5 }, 'invalid type: integer `5`, expected a string'],
    ['state::set', { scope: 's', key: 'k' }, 'missing field `value`'],
    ['state::delete', { scope: null, key: 'k' }, 'invalid type: null, expected a string'],
    ['state::list', {}, 'missing field `scope`'],
    ['state::update', { scope: 's', key: 'k' }, 'missing field `ops`'],
    ['state::update', { scope: 's', key: 'k', ops: {} }, 'invalid type: map, expected a sequence'],
    ['state::update', { scope: 's', key: 'k', ops: [{ type: 'nope' }] },
      'unknown variant `nope`, expected one of `set`, `increment`, `decrement`, `append`, `remove`, `merge`'],
    ['state::list_groups', [], 'invalid type: sequence, expected struct StateListGroupsInput'],
  ])('%s %j fails with deserialization_error', async (fn, payload, reason) => {
    const { call } = await stateClient()
    expect(await errorOf(call(fn, payload))).toBe(`deserialization_error: Failed to deserialize input for ${fn}: ${reason}`)
  })
})

describe('state::update', () => {
  it('starts a missing key from {}, creates the scope, and omits errors when there are none', async () => {
    const { call } = await stateClient()
    const result = await call('state::update', {
      scope: 'u', key: 'k', ops: [{ type: 'set', path: 'a', value: 1 }, { type: 'increment', path: 'n', by: 2 }],
    })
    expect(result).toEqual({ old_value: null, new_value: { a: 1, n: 2 } })
    expect(await call('state::list_groups', {})).toEqual({ groups: ['u'] })
  })

  it('applies every op it can and reports the others in errors without failing', async () => {
    const { call } = await stateClient()
    await call('state::set', { scope: 'u', key: 'k', value: { count: 1, t: 'x' } })
    const result = await call('state::update', {
      scope: 'u', key: 'k',
      ops: [{ type: 'increment', path: 't', by: 1 }, { type: 'append', path: 't', value: 'y' }, { type: 'merge', value: 3 }],
    })
    expect(result).toEqual({
      old_value: { count: 1, t: 'x' },
      new_value: { count: 1, t: 'xy' },
      errors: [
        { op_index: 0, code: 'increment.not_number', message: "Expected number at path 't', got string.",
          doc_url: 'https://iii.dev/docs/workers/iii-state#error-codes' },
        { op_index: 2, code: 'merge.value.not_an_object', message: 'Merge value must be a JSON object',
          doc_url: 'https://iii.dev/docs/workers/iii-state#error-codes' },
      ],
    })
  })

  it('starts a root increment on a missing key from 0', async () => {
    const { call } = await stateClient()
    expect(await call('state::update', { scope: 'u', key: 'c', ops: [{ type: 'increment', path: '', by: 5 }] }))
      .toEqual({ old_value: null, new_value: 5 })
  })
})

describe('the state trigger type', () => {
  async function subscriber(config: unknown, extra: { condition?: (e: unknown) => boolean } = {}) {
    const engine = await h.engine()
    const client = h.client(engine.url, 'watcher')
    const events: Array<{ input: unknown; metadata: unknown }> = []
    client.registerFunction('watch::on_state', async (input: unknown, metadata: unknown) => { events.push({ input, metadata }) })
    if (extra.condition) client.registerFunction('watch::cond', async (e: unknown) => extra.condition?.(e))
    const trigger = client.registerTrigger({ type: 'state', function_id: 'watch::on_state', config, metadata: { m: 1 } })
    await h.functionReady(engine, 'watch::on_state')
    const bindings = async () =>
      ((await engine.invoke('engine::functions::info', { function_id: 'watch::on_state' })) as { registered_triggers: unknown[] })
        .registered_triggers.length
    await expect.poll(bindings).toBe(1)
    return { engine, events, trigger }
  }

  it('calls the bound function on set, update and delete with the event and the binding metadata', async () => {
    const { engine, events } = await subscriber({ scope: 'watched' })
    await engine.invoke('state::set', { scope: 'watched', key: 'k', value: 1 })
    await engine.invoke('state::update', { scope: 'watched', key: 'k', ops: [{ type: 'increment', path: '', by: 1 }] })
    await engine.invoke('state::delete', { scope: 'watched', key: 'k' })
    await engine.invoke('state::set', { scope: 'other', key: 'k', value: 1 })

    await waitFor(() => events.length === 3, 5000, 'three events')
    await sleep(50)
    const event = (event_type: string, old_value: unknown, new_value: unknown) =>
      ({ input: { type: 'state', event_type, scope: 'watched', key: 'k', old_value, new_value }, metadata: { m: 1 } })
    expect(events).toEqual([event('state:created', null, 1), event('state:updated', 1, 2), event('state:deleted', 2, null)])
  })

  it('matches on key and consults the condition function first', async () => {
    const { engine, events } = await subscriber(
      { key: 'hot', condition_function_id: 'watch::cond' },
      { condition: (e) => (e as { new_value: number }).new_value > 1 },
    )
    await h.functionReady(engine, 'watch::cond')
    for (const [key, value] of [['hot', 1], ['cold', 5], ['hot', 2]] as const) await engine.invoke('state::set', { scope: 's', key, value })

    await waitFor(() => events.length === 1, 5000, 'one event')
    await sleep(50)
    expect(events.map((e) => (e.input as { new_value: number }).new_value)).toEqual([2])
  })

  it('stops calling after the binding is unregistered', async () => {
    const { engine, events, trigger } = await subscriber({})
    trigger.unregister()
    await sleep(50)
    await engine.invoke('state::set', { scope: 's', key: 'k', value: 1 })
    await sleep(50)
    expect(events).toEqual([])
  })

  it('refuses a binding whose config does not decode and tells the subscriber', async () => {
    const engine = await h.engine()
    const raw = await h.raw(engine.url)
    raw.send({ type: 'registertrigger', id: 't-1', trigger_type: 'state', function_id: 'f::x', config: { scope: 5 } })
    expect(await raw.next((f) => f.type === 'triggerregistrationresult')).toEqual({
      type: 'triggerregistrationresult', id: 't-1', trigger_type: 'state', function_id: 'f::x',
      error: { code: 'trigger_registration_failed', message: 'invalid type: integer `5`, expected a string' },
    })
  })
})
