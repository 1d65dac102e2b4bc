/** E16.2: a worker linked to the embedded engine in process speaks the protocol as an iii-sdk client does. */
import { describe, expect, it } from 'vitest'
import { InvocationError } from 'iii-sdk/errors'
import { LocalClient } from '../../src/engine/local-client.js'
import type { EmbeddedEngine } from '../../src/embedded/index.js'
import { useHarness, waitFor } from '../embedded/harness.js'

const harness = useHarness()
const local = (engine: EmbeddedEngine, name: string) => new LocalClient(name, (deliver, closed) => engine.attachLocal(deliver, closed))

describe('LocalClient', () => {
  it('serves its functions to workers on a socket, with the SDK error for a throw', async () => {
    const engine = await harness.engine()
    const worker = local(engine, 'local-worker')
    worker.registerFunction('local::echo', async (input) => ({ echoed: input }), { description: 'echo' })
    worker.registerFunction('local::fail', async () => {
      throw new Error('it broke')
    })
    await harness.functionReady(engine, 'local::fail')
    const remote = harness.client(engine.url)
    expect(await remote.trigger({ function_id: 'local::echo', payload: { a: [1, 'é'] } })).toMatchObject({ echoed: { a: [1, 'é'] } })
    await expect(remote.trigger({ function_id: 'local::fail', payload: {} })).rejects.toMatchObject({ code: 'invocation_failed', message: 'invocation_failed: it broke' })
    expect(engine.listFunctions().find((f) => f.function_id === 'local::echo')).toMatchObject({ description: 'echo', worker_name: 'local-worker' })
    await worker.shutdown()
  })

  it("calls other workers' functions and the engine's, rejecting with iii-sdk's InvocationError", async () => {
    const engine = await harness.engine()
    const remote = harness.client(engine.url, 'remote')
    remote.registerFunction('remote::add', async (input: unknown) => (input as { a: number; b: number }).a + (input as { a: number; b: number }).b)
    await harness.functionReady(engine, 'remote::add')
    const worker = local(engine, 'caller')
    expect(await worker.trigger({ function_id: 'remote::add', payload: { a: 2, b: 3 } })).toBe(5)
    await worker.trigger({ function_id: 'state::set', payload: { scope: 's', key: 'k', value: { v: 1 } } })
    expect(await worker.trigger({ function_id: 'state::get', payload: { scope: 's', key: 'k' } })).toEqual({ v: 1 })
    const missing = worker.trigger({ function_id: 'nobody::here', payload: {} })
    await expect(missing).rejects.toBeInstanceOf(InvocationError)
    await expect(missing).rejects.toMatchObject({ code: 'function_not_found' })
    await expect(worker.trigger({ function_id: 'remote::slow', payload: {}, timeoutMs: 1 })).rejects.toBeInstanceOf(InvocationError)
    await worker.shutdown()
  })

  it('is listed by name among the workers, and forgotten with its functions on shutdown', async () => {
    const engine = await harness.engine()
    const worker = local(engine, 'listed-local')
    worker.registerFunction('listed::fn', async () => 1)
    await harness.workerId(engine, 'listed-local')
    expect(worker.workerId).toBe(engine.workers().find((w) => w.name === 'listed-local')?.id)
    await worker.shutdown()
    expect(engine.workers().some((w) => w.name === 'listed-local')).toBe(false)
    expect(engine.listFunctions().some((f) => f.function_id === 'listed::fn')).toBe(false)
    expect(worker.connectionState).toBe('disconnected')
  })

  it('receives a state::list of several MiB whole (stored JSON, written in fragments) and keeps later frames in order', async () => {
    const engine = await harness.engine()
    const remote = harness.client(engine.url)
    const big = 'x'.repeat(1024 * 1024)
    for (let i = 0; i < 5; i++) await remote.trigger({ function_id: 'state::set', payload: { scope: 'big', key: `k${i}`, value: { big } } })
    const seen: number[] = []
    const worker = local(engine, 'orderly')
    worker.registerFunction('orderly::note', async (input) => {
      seen.push((input as { i: number }).i)
    })
    await harness.functionReady(engine, 'orderly::note')
    const result = worker.trigger({ function_id: 'state::list', payload: { scope: 'big' } })
    for (let i = 0; i < 200; i++) void remote.trigger({ function_id: 'orderly::note', payload: { i }, action: { type: 'void' } })
    const listed = (await result) as Array<{ big: string }>
    expect(listed.map((v) => v.big.length)).toEqual([big.length, big.length, big.length, big.length, big.length])
    await waitFor(() => seen.length === 200, 5000, 'every note')
    expect(seen).toEqual(Array.from({ length: 200 }, (_, i) => i))
    await worker.shutdown()
  })

  it('gets frames as values, never written and parsed, except a stored-JSON result, which comes as its text', async () => {
    const engine = await harness.engine()
    const kinds: string[] = []
    const worker = new LocalClient('values', (deliver, closed) => engine.attachLocal((frame) => {
      const parsed = typeof frame === 'string' || Buffer.isBuffer(frame) ? (JSON.parse(frame.toString()) as { type: string }) : (frame as { type: string })
      kinds.push(`${parsed.type}:${typeof frame === 'string' || Buffer.isBuffer(frame) ? 'text' : 'value'}`)
      deliver(frame)
    }, closed))
    const echoed = { a: [1, 'é', { b: null }] }
    worker.registerFunction('values::echo', async (input) => input)
    await harness.functionReady(engine, 'values::echo')
    expect(await engine.invoke('values::echo', echoed)).toEqual(echoed)
    await worker.trigger({ function_id: 'state::set', payload: { scope: 's', key: 'k', value: { v: 1 } } })
    expect(await worker.trigger({ function_id: 'state::list', payload: { scope: 's' } })).toEqual([{ v: 1 }])
    expect(kinds).toEqual(['workerregistered:value', 'invokefunction:value', 'invocationresult:value', 'invocationresult:text'])
    await worker.shutdown()
  })

  it('hosts a trigger type that a socket worker binds to', async () => {
    const engine = await harness.engine()
    const worker = local(engine, 'types')
    const bound: string[] = []
    worker.registerTriggerType({ id: 'local-type', description: 'a local trigger type' }, {
      registerTrigger: async ({ function_id }) => void bound.push(function_id),
      unregisterTrigger: async () => undefined,
    })
    const remote = harness.client(engine.url)
    remote.registerFunction('remote::on', async () => undefined)
    await harness.functionReady(engine, 'remote::on')
    remote.registerTrigger({ type: 'local-type', function_id: 'remote::on', config: {} })
    await waitFor(() => bound.length === 1, 5000, 'the binding')
    expect(bound).toEqual(['remote::on'])
    await worker.shutdown()
  })
})
