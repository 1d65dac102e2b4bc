import { describe, expect, it } from 'vitest'
import { sleep, useHarness, waitFor } from './harness.js'

const h = useHarness()

describe('the engine::functions-available trigger type', () => {
  async function watcher() {
    const engine = await h.engine()
    const client = h.client(engine.url, 'watcher')
    const events: Array<{ input: unknown; metadata: unknown }> = []
    client.registerFunction('watch::on_functions', async (input: unknown, metadata: unknown) => {
      events.push({ input, metadata })
    })
    const trigger = client.registerTrigger({ type: 'engine::functions-available', function_id: 'watch::on_functions', config: {}, metadata: { m: 1 } })
    await h.functionReady(engine, 'watch::on_functions')
    const bindings = async () =>
      ((await engine.invoke('engine::functions::info', { function_id: 'watch::on_functions' })) as { registered_triggers: unknown[] })
        .registered_triggers.length
    await expect.poll(bindings).toBe(1)
    await sleep(50)
    events.length = 0
    return { engine, events, trigger }
  }

  const ids = (event: { input: unknown }) =>
    (event.input as { functions: Array<{ function_id: string }> }).functions.map((fn) => fn.function_id)

  it('calls the bound function with functions_changed and the listing when a function appears and goes', async () => {
    const { engine, events } = await watcher()
    const other = h.client(engine.url, 'other')
    const ref = other.registerFunction('demo::ping', async () => 'pong', { description: 'Ping.' })
    await waitFor(() => events.length === 1, 5000, 'the appear event')
    expect(events[0]).toEqual({
      input: { event: 'functions_changed', functions: expect.arrayContaining([expect.objectContaining({ function_id: 'demo::ping', description: 'Ping.' })]) },
      metadata: { m: 1 },
    })
    ref.unregister()
    await waitFor(() => events.length === 2, 5000, 'the go event')
    expect(ids(events[1]!)).not.toContain('demo::ping')
  })

  it('lists what engine::functions::list lists: no engine:: or internal functions', async () => {
    const { engine, events } = await watcher()
    const other = h.client(engine.url, 'other')
    other.registerFunction('demo::hidden', async () => null, { metadata: { internal: true } })
    await waitFor(() => events.length >= 1, 5000, 'an event')
    const listed = ((await engine.invoke('engine::functions::list', {})) as { functions: Array<{ function_id: string }> }).functions
    expect(ids(events.at(-1)!)).toEqual(listed.map((fn) => fn.function_id))
    expect(ids(events.at(-1)!)).not.toContain('demo::hidden')
  })

  it('reports a worker that leaves with all its functions in one event', async () => {
    const { engine, events } = await watcher()
    const other = h.client(engine.url, 'other')
    for (const id of ['demo::a', 'demo::b', 'demo::c']) other.registerFunction(id, async () => null)
    await waitFor(() => ['demo::a', 'demo::b', 'demo::c'].every((id) => events.some((e) => ids(e).includes(id))), 5000, 'all three')
    events.length = 0
    await other.shutdown()
    await waitFor(() => events.length >= 1, 5000, 'the leave event')
    await sleep(100)
    expect(events).toHaveLength(1)
    expect(ids(events[0]!).filter((id) => id.startsWith('demo::'))).toEqual([])
  })

  it('stops calling after the binding is unregistered', async () => {
    const { engine, events, trigger } = await watcher()
    trigger.unregister()
    await sleep(50)
    h.client(engine.url, 'other').registerFunction('demo::late', async () => null)
    await h.functionReady(engine, 'demo::late')
    await sleep(100)
    expect(events).toEqual([])
  })
})
