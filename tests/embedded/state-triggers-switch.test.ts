/**
 * The embedded engine's copy of iii-state's live `triggers_enabled` setting: off, mutations fire no
 * `state` trigger while the binding stays registered and listed (what the real engine does, and why
 * a listed binding proves nothing about delivery); on again, they fire.
 */
import { describe, expect, it } from 'vitest'
import type { EmbeddedEngine } from '../../src/embedded/index.js'
import { sleep, useHarness, waitFor } from './harness.js'

const h = useHarness()

async function watched(engine: EmbeddedEngine) {
  const client = h.client(engine.url, 'watcher')
  const events: unknown[] = []
  client.registerFunction('watch::on_state', async (input: { key?: unknown }) => { events.push(input.key) })
  client.registerTrigger({ type: 'state', function_id: 'watch::on_state', config: { scope: 'watched' } })
  const bindings = async () =>
    ((await engine.invoke('engine::functions::info', { function_id: 'watch::on_state' })) as { registered_triggers?: unknown[] })
      .registered_triggers?.length
  await expect.poll(bindings).toBe(1)
  return events
}

describe('triggers_enabled', () => {
  it('is on by default', async () => {
    const engine = await h.engine()
    const events = await watched(engine)
    await engine.invoke('state::set', { scope: 'watched', key: 'on', value: 1 })
    await waitFor(() => events.length === 1, 5000, 'one event')
    expect(events).toEqual(['on'])
  })

  it('off at start: set, update and delete fire nothing, and the binding is still listed', async () => {
    const engine = await h.engine({ triggersEnabled: false })
    const events = await watched(engine)
    await engine.invoke('state::set', { scope: 'watched', key: 'k', value: 1 })
    await engine.invoke('state::update', { scope: 'watched', key: 'k', ops: [{ type: 'increment', path: '', by: 1 }] })
    await engine.invoke('state::delete', { scope: 'watched', key: 'k' })
    await sleep(100)
    expect(events).toEqual([])
    const info = await engine.invoke('engine::functions::info', { function_id: 'watch::on_state' }) as { registered_triggers: unknown[] }
    expect(info.registered_triggers).toEqual([expect.objectContaining({ trigger_type: 'state', config: { scope: 'watched' } })])
  })

  it('switches live: only mutations made while it is on fire', async () => {
    const engine = await h.engine()
    const events = await watched(engine)
    engine.setStateTriggersEnabled(false)
    await engine.invoke('state::set', { scope: 'watched', key: 'while-off', value: 1 })
    engine.setStateTriggersEnabled(true)
    await engine.invoke('state::set', { scope: 'watched', key: 'while-on', value: 1 })
    await waitFor(() => events.length === 1, 5000, 'one event')
    engine.setStateTriggersEnabled(false)
    await engine.invoke('state::delete', { scope: 'watched', key: 'while-on' })
    await sleep(100)
    expect(events).toEqual(['while-on'])
  })
})
