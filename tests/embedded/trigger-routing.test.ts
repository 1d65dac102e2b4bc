import { describe, expect, it, vi } from 'vitest'
import { TriggerAction, type IIIClient } from 'iii-sdk'
import { sleep, useHarness, waitFor, type RawWorker } from './harness.js'

const h = useHarness()
const TYPE = 'demo::on-change'

interface Seen {
  registered: Array<{ id: string; function_id: string; config: unknown; metadata: unknown }>
  unregistered: Array<{ id: string; function_id: string }>
}

/** A provider of TYPE that keeps subscribers by binding id and fans out with Void, like skills. */
function provide(client: IIIClient, options: { refuse?: boolean } = {}): Seen {
  const seen: Seen = { registered: [], unregistered: [] }
  const subscribers = new Map<string, string>()
  client.registerTriggerType({ id: TYPE, description: 'fires after a mutation' }, {
    async registerTrigger({ id, function_id, config, metadata }) {
      if (options.refuse) throw new Error('no thanks')
      seen.registered.push({ id, function_id, config, metadata })
      subscribers.set(id, function_id)
    },
    async unregisterTrigger({ id, function_id }) {
      seen.unregistered.push({ id, function_id })
      subscribers.delete(id)
    },
  })
  client.registerFunction('demo::mutate', async (input: { key: string }) => {
    for (const function_id of subscribers.values()) {
      await client.trigger({ function_id, payload: { event: 'changed', key: input.key }, action: TriggerAction.Void() })
    }
    return subscribers.size
  })
  return seen
}

async function subscribe(client: IIIClient, received: unknown[]) {
  client.registerFunction('caller::on_change', async (input: unknown, metadata: unknown) => {
    received.push({ input, metadata })
  })
  return client.registerTrigger({ type: TYPE, function_id: 'caller::on_change', config: { scope: 'x' }, metadata: { sub: 'b' } })
}

async function rawOwner(raw: RawWorker) {
  raw.send({ type: 'registertriggertype', id: TYPE, description: 'raw provider' })
}

describe('custom trigger types', () => {
  it('forwards a binding to the provider, which fans out to the subscriber with Void', async () => {
    const engine = await h.engine()
    const a = h.client(engine.url, 'provider')
    const seen = provide(a)
    await h.functionReady(engine, 'demo::mutate')
    const providerId = await h.workerId(engine, 'provider')
    const b = h.client(engine.url, 'subscriber')
    const received: unknown[] = []
    await subscribe(b, received)

    await waitFor(() => seen.registered.length === 1, 5000, 'the forwarded binding')
    expect(seen.registered[0]).toMatchObject({ function_id: 'caller::on_change', config: { scope: 'x' }, metadata: { sub: 'b' } })
    expect(await b.trigger({ function_id: 'demo::mutate', payload: { key: 'k9' } })).toBe(1)
    await waitFor(() => received.length === 1)
    expect(received).toEqual([{ input: { event: 'changed', key: 'k9', _caller_worker_id: providerId }, metadata: undefined }])
  })

  it('sends the provider the exact registertrigger frame, and forwards nothing on success', async () => {
    const engine = await h.engine({ recordFrames: true })
    const owner = await h.raw(engine.url)
    await rawOwner(owner)
    const b = h.client(engine.url, 'subscriber')
    await subscribe(b, [])

    const frame = await owner.next((f) => f.type === 'registertrigger')
    expect(Object.keys(frame)).toEqual(['type', 'id', 'trigger_type', 'function_id', 'config', 'metadata'])
    expect(frame).toMatchObject({ trigger_type: TYPE, function_id: 'caller::on_change', config: { scope: 'x' }, metadata: { sub: 'b' } })
    owner.send({ type: 'triggerregistrationresult', id: frame.id, trigger_type: TYPE, function_id: 'caller::on_change' })
    owner.send({ type: 'ping' })
    await owner.next((f) => f.type === 'pong')

    const outbound = engine.frames.filter((f) => f.direction === 'out').map((f) => JSON.parse(f.text).type)
    expect(outbound).not.toContain('triggerregistrationresult')
  })

  it('parks a binding whose type is absent and replays it when the type appears', async () => {
    const engine = await h.engine()
    const b = h.client(engine.url, 'subscriber')
    await subscribe(b, [])
    await h.functionReady(engine, 'caller::on_change')
    await sleep(50)

    const a = h.client(engine.url, 'provider')
    const seen = provide(a)

    await waitFor(() => seen.registered.length === 1, 5000, 'the replayed binding')
    expect(seen.registered[0]?.function_id).toBe('caller::on_change')
  })

  it('parks bindings when their provider leaves and replays them, same id, to the next provider', async () => {
    const engine = await h.engine()
    const a = h.client(engine.url, 'provider-a')
    const seenA = provide(a)
    await h.functionReady(engine, 'demo::mutate')
    const b = h.client(engine.url, 'subscriber')
    await subscribe(b, [])
    await waitFor(() => seenA.registered.length === 1)

    await a.shutdown()
    await waitFor(() => !engine.workers().some((w) => w.name === 'provider-a'), 5000, 'provider-a cleanup')
    const c = h.client(engine.url, 'provider-c')
    const seenC = provide(c)

    await waitFor(() => seenC.registered.length === 1, 5000, 'the replay to provider-c')
    expect(seenC.registered[0]?.id).toBe(seenA.registered[0]?.id)
  })

  it('forwards unregister to the provider, keyed by binding id', async () => {
    const engine = await h.engine()
    const a = h.client(engine.url, 'provider')
    const seen = provide(a)
    await h.functionReady(engine, 'demo::mutate')
    const b = h.client(engine.url, 'subscriber')
    const trigger = await subscribe(b, [])
    await waitFor(() => seen.registered.length === 1)

    trigger.unregister()

    await waitFor(() => seen.unregistered.length === 1, 5000, 'the forwarded unregister')
    expect(seen.unregistered).toEqual([{ id: seen.registered[0]?.id, function_id: '' }])
  })

  it('sends unregistertrigger {id, trigger_type} to the provider when the subscriber disconnects', async () => {
    const engine = await h.engine()
    const owner = await h.raw(engine.url)
    await rawOwner(owner)
    const b = h.client(engine.url, 'subscriber')
    await subscribe(b, [])
    const bound = await owner.next((f) => f.type === 'registertrigger')

    await b.shutdown()

    expect(await owner.next((f) => f.type === 'unregistertrigger')).toEqual({ type: 'unregistertrigger', id: bound.id, trigger_type: TYPE })
  })

  it('parks a refused binding and forwards the error to the subscriber only', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const engine = await h.engine()
    const a = h.client(engine.url, 'provider')
    provide(a, { refuse: true })
    await h.functionReady(engine, 'demo::mutate')
    const sub = await h.raw(engine.url)
    sub.send({ type: 'registertrigger', id: 't-1', trigger_type: TYPE, function_id: 'f::x', config: {} })

    expect(await sub.next((f) => f.type === 'triggerregistrationresult')).toEqual({
      type: 'triggerregistrationresult', id: 't-1', trigger_type: TYPE, function_id: 'f::x',
      error: { code: 'trigger_registration_failed', message: 'no thanks' },
    })
    const c = h.client(engine.url, 'provider-c')
    const seenC = provide(c)
    await waitFor(() => seenC.registered.length === 1, 5000, 'the parked binding replayed')
    expect(seenC.registered[0]?.id).toBe('t-1')
    expect(errors).not.toHaveBeenCalled()
  })

  it('ignores a triggerregistrationresult from a worker that does not own the type', async () => {
    const engine = await h.engine()
    const owner = await h.raw(engine.url)
    await rawOwner(owner)
    const sub = await h.raw(engine.url)
    sub.send({ type: 'registertrigger', id: 't-2', trigger_type: TYPE, function_id: 'f::x', config: {} })
    await owner.next((f) => f.type === 'registertrigger')

    sub.send({ type: 'triggerregistrationresult', id: 't-2', trigger_type: TYPE, function_id: 'f::x', error: { code: 'x', message: 'y' } })
    sub.send({ type: 'ping' })
    await sub.next((f) => f.type === 'pong')

    expect(sub.ofType('triggerregistrationresult')).toEqual([])
  })

  it('hands live bindings to a worker that takes over the type', async () => {
    const engine = await h.engine()
    const first = await h.raw(engine.url)
    await rawOwner(first)
    const sub = await h.raw(engine.url)
    sub.send({ type: 'registertrigger', id: 't-3', trigger_type: TYPE, function_id: 'f::x', config: { a: 1 } })
    await first.next((f) => f.type === 'registertrigger')

    const second = await h.raw(engine.url)
    await rawOwner(second)

    expect(await second.next((f) => f.type === 'registertrigger')).toEqual({
      type: 'registertrigger', id: 't-3', trigger_type: TYPE, function_id: 'f::x', config: { a: 1 },
    })
  })

  it('drops a registertrigger without config', async () => {
    const engine = await h.engine()
    const owner = await h.raw(engine.url)
    await rawOwner(owner)
    const sub = await h.raw(engine.url)
    sub.send({ type: 'registertrigger', id: 't-4', trigger_type: TYPE, function_id: 'f::x' })
    sub.send({ type: 'registertrigger', id: 't-5', trigger_type: TYPE, function_id: 'f::x', config: null })

    const forwarded = await owner.next((f) => f.type === 'registertrigger')
    await sleep(50)
    expect(forwarded.id).toBe('t-5')
    expect(owner.ofType('registertrigger')).toHaveLength(1)
  })

  it('drops a registertriggertype without description', async () => {
    const engine = await h.engine()
    const owner = await h.raw(engine.url)
    owner.send({ type: 'registertriggertype', id: TYPE })
    const sub = await h.raw(engine.url)
    sub.send({ type: 'registertrigger', id: 't-6', trigger_type: TYPE, function_id: 'f::x', config: {} })
    await sleep(50)
    expect(owner.ofType('registertrigger')).toEqual([])
  })
})
