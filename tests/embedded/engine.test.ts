import { describe, expect, it } from 'vitest'
import { InvocationError } from 'iii-sdk'
import { useHarness, waitFor } from './harness.js'

const h = useHarness()

const hang = () => new Promise<never>(() => {})

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(InvocationError)
  return (error as InvocationError).message
}

describe('disconnect cleanup (spec §5)', () => {
  it('removes the functions of a worker that shut down: calls get function_not_found', async () => {
    const engine = await h.engine()
    const a = h.client(engine.url, 'provider')
    a.registerFunction('demo::echo', async (x: unknown) => x)
    await h.functionReady(engine, 'demo::echo')
    const b = h.client(engine.url, 'caller')
    expect(await b.trigger({ function_id: 'demo::echo', payload: 1 })).toBe(1)

    await a.shutdown()
    await waitFor(() => !engine.listFunctions().some((f) => f.function_id === 'demo::echo'), 5000, 'cleanup')

    expect(await codeOf(b.trigger({ function_id: 'demo::echo', payload: 1 }))).toBe('function_not_found: Function demo::echo not found')
  })

  it('stops a pending call when the callee goes away: invocation_stopped', async () => {
    const engine = await h.engine()
    const a = h.client(engine.url, 'provider')
    let started = false
    a.registerFunction('demo::hang', () => { started = true; return hang() })
    await h.functionReady(engine, 'demo::hang')
    const providerId = await h.workerId(engine, 'provider')
    const b = h.client(engine.url, 'caller')

    const pending = b.trigger({ function_id: 'demo::hang', payload: {} })
    await waitFor(() => started, 5000, 'the handler to start')
    const outcomes = Promise.all([codeOf(pending), codeOf(engine.invoke('demo::hang', {}))])
    engine.dropWorker(providerId)

    expect(await outcomes).toEqual(['invocation_stopped: Invocation stopped', 'invocation_stopped: Invocation stopped'])
  })

  it('forgets the calls of a caller that went away', async () => {
    const engine = await h.engine()
    const a = h.client(engine.url, 'provider')
    let release: (v: string) => void = () => {}
    a.registerFunction('demo::slow', () => new Promise<string>((r) => { release = r }))
    await h.functionReady(engine, 'demo::slow')
    const b = h.client(engine.url, 'caller')
    const callerId = await h.workerId(engine, 'caller')
    const activeOnProvider = async () => {
      const { workers } = (await engine.invoke('engine::workers::list', { search: 'provider' })) as {
        workers: Array<{ active_invocations: number }>
      }
      return workers[0]?.active_invocations
    }

    void b.trigger({ function_id: 'demo::slow', payload: {} }).catch(() => {})
    await waitFor(() => engine.workers().length === 2)
    await expect.poll(activeOnProvider).toBe(1)
    engine.dropWorker(callerId)

    expect(await activeOnProvider()).toBe(0)
    release('late')
    expect(await engine.invoke('state::list_groups', {})).toEqual({ groups: [] })
  })

  it('keeps a function another worker re-registered meanwhile', async () => {
    const engine = await h.engine()
    const { first: a } = await h.twoOwners(engine, 'demo::who')

    await a.shutdown()
    await waitFor(() => !engine.workers().some((w) => w.name === 'first'))

    expect(await engine.invoke('demo::who', {})).toBe('second')
  })

  it('ignores unregisterfunction from a worker that no longer owns the id', async () => {
    const engine = await h.engine()
    const first = await h.raw(engine.url)
    const second = await h.raw(engine.url)
    first.send({ type: 'registerfunction', id: 'demo::f' })
    second.send({ type: 'registerfunction', id: 'demo::f', description: 'second' })
    first.send({ type: 'unregisterfunction', id: 'demo::f' })
    first.send({ type: 'ping' })
    await first.next((f) => f.type === 'pong')

    expect(engine.listFunctions().find((f) => f.function_id === 'demo::f')?.description).toBe('second')
    second.send({ type: 'unregisterfunction', id: 'demo::f' })
    await waitFor(() => !engine.listFunctions().some((f) => f.function_id === 'demo::f'))
  })
})

describe('reattach', () => {
  it('retires the previous connection when the token matches', async () => {
    const engine = await h.engine()
    const old = await h.raw(engine.url)
    old.send({ type: 'registerfunction', id: 'demo::old' })
    await h.functionReady(engine, 'demo::old')
    const hello = old.received[0] as { worker_id: string; reattach_token: string }

    const fresh = await h.raw(engine.url)
    fresh.send({ type: 'reattach', previous_worker_id: hello.worker_id, reattach_token: hello.reattach_token })

    await waitFor(() => old.closed, 5000, 'the old socket to be closed')
    expect(engine.workers().map((w) => w.id)).toEqual([fresh.workerId])
    expect(engine.listFunctions().some((f) => f.function_id === 'demo::old')).toBe(false)
  })

  it('keeps the previous connection when the token does not match', async () => {
    const engine = await h.engine()
    const old = await h.raw(engine.url)
    const fresh = await h.raw(engine.url)
    fresh.send({ type: 'reattach', previous_worker_id: old.workerId, reattach_token: '00000000-0000-4000-8000-000000000000' })
    fresh.send({ type: 'ping' })
    await fresh.next((f) => f.type === 'pong')

    expect(old.closed).toBe(false)
    expect(engine.workers()).toHaveLength(2)
  })

  it('serves an SDK client again after its socket was dropped: it reattaches and replays', async () => {
    const engine = await h.engine({ recordFrames: true })
    const a = h.client(engine.url, 'provider')
    a.registerFunction('demo::echo', async (x: unknown) => x)
    await h.functionReady(engine, 'demo::echo')
    const firstId = await h.workerId(engine, 'provider')

    engine.dropWorker(firstId)
    expect(engine.listFunctions().some((f) => f.function_id === 'demo::echo')).toBe(false)

    await h.functionReady(engine, 'demo::echo')
    const secondId = await h.workerId(engine, 'provider')
    const firstFrame = engine.frames.find((f) => f.direction === 'in' && f.workerId === secondId)
    expect(JSON.parse(firstFrame?.text ?? '{}')).toMatchObject({ type: 'reattach', previous_worker_id: firstId })
    expect(await engine.invoke('demo::echo', 'again')).toBe('again')
  })
})
