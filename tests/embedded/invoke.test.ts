import { describe, expect, it } from 'vitest'
import { InvocationError, TriggerAction } from 'iii-sdk'
import { enqueueNoProvider } from '../../src/embedded/messages.js'
import { sleep, useHarness, waitFor } from './harness.js'

const h = useHarness()

async function rejection(promise: Promise<unknown>): Promise<InvocationError> {
  const error = await promise.then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(InvocationError)
  return error as InvocationError
}

describe('invocation routing with real SDK clients', () => {
  it('routes a call to the owner with _caller_worker_id added and metadata passed through', async () => {
    const engine = await h.engine()
    const a = h.client(engine.url, 'provider')
    a.registerFunction('demo::echo', async (input: unknown, metadata: unknown) => ({ input, metadata }))
    await h.functionReady(engine, 'demo::echo')
    const b = h.client(engine.url, 'caller')
    const callerId = await h.workerId(engine, 'caller')

    const result = await b.trigger({ function_id: 'demo::echo', payload: { x: 1 }, metadata: { m: 1 } })

    expect(result).toEqual({ input: { x: 1, _caller_worker_id: callerId }, metadata: { m: 1 } })
  })

  it('passes non-object payloads through without _caller_worker_id', async () => {
    const engine = await h.engine()
    const a = h.client(engine.url, 'provider')
    a.registerFunction('demo::echo', async (input: unknown) => input)
    await h.functionReady(engine, 'demo::echo')
    const b = h.client(engine.url, 'caller')

    const results = await Promise.all([[1, 2], 'text', 7, true].map((payload) => b.trigger({ function_id: 'demo::echo', payload })))

    expect(results).toEqual([[1, 2], 'text', 7, true])
  })

  it('reuses the caller invocation id for the callee', async () => {
    const engine = await h.engine({ recordFrames: true })
    const a = h.client(engine.url, 'provider')
    a.registerFunction('demo::echo', async (input: unknown) => input)
    await h.functionReady(engine, 'demo::echo')
    const b = h.client(engine.url, 'caller')
    await b.trigger({ function_id: 'demo::echo', payload: {} })

    const invokes = engine.frames.filter((f) => f.text.includes('"demo::echo"') && f.text.includes('"invokefunction"'))
    const [sent, forwarded] = invokes.map((f) => JSON.parse(f.text) as { invocation_id: string })
    expect(invokes.map((f) => f.direction)).toEqual(['in', 'out'])
    expect(forwarded?.invocation_id).toBe(sent?.invocation_id)
  })

  it('passes a thrown handler error through as InvocationError invocation_failed', async () => {
    const engine = await h.engine()
    const a = h.client(engine.url, 'provider')
    a.registerFunction('demo::boom', async () => { throw new Error('kaboom') })
    await h.functionReady(engine, 'demo::boom')
    const b = h.client(engine.url, 'caller')

    const error = await rejection(b.trigger({ function_id: 'demo::boom', payload: {} }))

    expect([error.code, error.message, error.function_id]).toEqual(['invocation_failed', 'invocation_failed: kaboom', 'demo::boom'])
    expect(error.stacktrace).toContain('Error: kaboom')
  })

  it('answers an unknown function id with function_not_found', async () => {
    const engine = await h.engine()
    const b = h.client(engine.url, 'caller')

    const error = await rejection(b.trigger({ function_id: 'nope::nope', payload: {} }))

    expect([error.code, error.message]).toEqual(['function_not_found', 'function_not_found: Function nope::nope not found'])
  })

  it('resolves a void trigger at once and still runs the callee with a fresh invocation id', async () => {
    const engine = await h.engine({ recordFrames: true })
    const seen: unknown[] = []
    const a = h.client(engine.url, 'provider')
    a.registerFunction('demo::sink', async (input: unknown) => { seen.push(input) })
    await h.functionReady(engine, 'demo::sink')
    const b = h.client(engine.url, 'caller')
    const callerId = await h.workerId(engine, 'caller')

    const result = await b.trigger({ function_id: 'demo::sink', payload: { v: 1 }, action: TriggerAction.Void() })
    await waitFor(() => seen.length === 1)

    expect(result).toBeUndefined()
    expect(seen).toEqual([{ v: 1, _caller_worker_id: callerId }])
    const forwarded = engine.frames.filter((f) => f.direction === 'out' && f.text.includes('"demo::sink"'))
    expect(JSON.parse(forwarded[0]?.text ?? '{}').invocation_id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('never answers a void call, not even with function_not_found', async () => {
    const engine = await h.engine()
    const raw = await h.raw(engine.url)
    raw.send({ type: 'invokefunction', function_id: 'nope::nope', data: {}, action: { type: 'void' } })
    raw.send({ type: 'ping' })
    await raw.next((f) => f.type === 'pong')
    expect(raw.ofType('invocationresult')).toEqual([])
  })

  it('fails an enqueue trigger with enqueue_error and the engine text', async () => {
    const engine = await h.engine()
    const b = h.client(engine.url, 'caller')

    const error = await rejection(b.trigger({ function_id: 'demo::x', payload: {}, action: TriggerAction.Enqueue({ queue: 'q' }) }))

    expect([error.code, error.message]).toEqual(['enqueue_error', `enqueue_error: ${enqueueNoProvider()}`])
    expect(enqueueNoProvider()).toBe(
      'No queue provider is installed. `TriggerAction::Enqueue` routes through the `engine::queue::enqueue` provider, ' +
      'which the standalone queue worker registers. Add it with `iii worker add queue`. ' +
      '(underlying: Function engine::queue::enqueue not found)')
  })

  it('drops an invokefunction without data, so the caller times out (strict, the default)', async () => {
    const engine = await h.engine()
    const a = h.client(engine.url, 'provider')
    let called = false
    a.registerFunction('demo::echo', async () => { called = true })
    await h.functionReady(engine, 'demo::echo')
    const b = h.client(engine.url, 'caller')

    const error = await rejection(b.trigger({ function_id: 'demo::echo', payload: undefined, timeoutMs: 200 }))

    expect([error.code, error.message]).toEqual(['TIMEOUT', 'TIMEOUT: invocation timed out after 200ms'])
    expect(called).toBe(false)
  })

  it('accepts a missing data as null when strict is off', async () => {
    const engine = await h.engine({ strict: false })
    const a = h.client(engine.url, 'provider')
    a.registerFunction('demo::echo', async (input: unknown) => ({ input }))
    await h.functionReady(engine, 'demo::echo')
    const b = h.client(engine.url, 'caller')

    expect(await b.trigger({ function_id: 'demo::echo', payload: undefined, timeoutMs: 2000 })).toEqual({ input: null })
  })

  it('omits result when the handler returns undefined or null, and passes other values through', async () => {
    const engine = await h.engine({ recordFrames: true })
    const a = h.client(engine.url, 'provider')
    a.registerFunction('demo::undef', async () => undefined)
    a.registerFunction('demo::null', async () => null)
    a.registerFunction('demo::zero', async () => 0)
    await h.functionReady(engine, 'demo::zero')
    const b = h.client(engine.url, 'caller')

    const results = await Promise.all(['demo::undef', 'demo::null', 'demo::zero'].map((function_id) => b.trigger({ function_id, payload: {} })))

    expect(results).toEqual([undefined, undefined, 0])
    const replies = engine.frames.filter((f) => f.direction === 'out' && f.text.includes('"invocationresult"'))
    expect(replies.map((f) => 'result' in JSON.parse(f.text)).sort()).toEqual([false, false, true])
  })

  it('drops a frame nested deeper than serde allows: the worker never sees it and the caller times out', async () => {
    const engine = await h.engine()
    const seen: unknown[] = []
    const a = h.client(engine.url, 'provider')
    a.registerFunction('demo::sink', async (input: unknown) => { seen.push(input); return 'ok' })
    await h.functionReady(engine, 'demo::sink')
    const raw = await h.raw(engine.url)
    const invocation = (id: string, depth: number) =>
      `{"type":"invokefunction","invocation_id":"${id}","function_id":"demo::sink","data":${'['.repeat(depth)}${']'.repeat(depth)}}`

    raw.send(invocation('00000000-0000-4000-8000-000000000001', 10_000))
    raw.send(invocation('00000000-0000-4000-8000-000000000002', 127))
    raw.send(invocation('00000000-0000-4000-8000-000000000003', 126))
    const reply = await raw.next((f) => f.type === 'invocationresult')

    expect(reply).toEqual({
      type: 'invocationresult', invocation_id: '00000000-0000-4000-8000-000000000003', function_id: 'demo::sink', result: 'ok',
    })
    await sleep(50)
    expect(raw.ofType('invocationresult')).toHaveLength(1)
    expect(seen).toHaveLength(1)
  })

  it('drops an invokefunction whose invocation id is not a UUID', async () => {
    const engine = await h.engine()
    const raw = await h.raw(engine.url)
    raw.send({ type: 'invokefunction', invocation_id: 'not-a-uuid', function_id: 'state::list_groups', data: {} })
    raw.send({ type: 'invokefunction', invocation_id: '00000000-0000-4000-8000-00000000000a', function_id: 'state::list_groups', data: {} })
    await raw.next((f) => f.type === 'invocationresult')
    await sleep(50)
    expect(raw.ofType('invocationresult').map((f) => f.invocation_id)).toEqual(['00000000-0000-4000-8000-00000000000a'])
  })

  it('ignores undecodable frames, unknown types and unregistertriggertype, and keeps serving', async () => {
    const engine = await h.engine()
    const raw = await h.raw(engine.url)
    for (const frame of ['not json', '{"type":"bogus"}', '{"type":"unregistertriggertype","id":"x","description":"d"}', '[]']) raw.send(frame)
    raw.send({ type: 'ping' })
    await raw.next((f) => f.type === 'pong')
    expect(raw.received.map((f) => f.type)).toEqual(['workerregistered', 'pong'])
  })

  it('serves engine-internal calls through invoke(), without _caller_worker_id', async () => {
    const engine = await h.engine()
    const a = h.client(engine.url, 'provider')
    a.registerFunction('demo::echo', async (input: unknown, metadata: unknown) => ({ input, metadata }))
    await h.functionReady(engine, 'demo::echo')

    expect(await engine.invoke('demo::echo', { x: 1 }, { metadata: { m: 2 } })).toEqual({ input: { x: 1 }, metadata: { m: 2 } })
    const error = await rejection(engine.invoke('nope::nope', {}))
    expect(error.message).toBe('function_not_found: Function nope::nope not found')
  })

  it('times out an engine-internal call when asked to', async () => {
    const engine = await h.engine()
    const a = h.client(engine.url, 'provider')
    a.registerFunction('demo::slow', () => new Promise(() => {}))
    await h.functionReady(engine, 'demo::slow')

    const error = await rejection(engine.invoke('demo::slow', {}, { timeoutMs: 50 }))

    expect(error.message).toBe('TIMEOUT: invocation timed out after 50ms')
  })

  it('lets the last writer of a function id own it', async () => {
    const engine = await h.engine()
    await h.twoOwners(engine, 'demo::who')

    expect(await engine.invoke('demo::who', {})).toBe('second')
  })

  it('refuses to let a worker shadow a built-in function', async () => {
    const engine = await h.engine()
    const raw = await h.raw(engine.url)
    raw.send({ type: 'registerfunction', id: 'state::get' })
    raw.send({ type: 'ping' })
    await raw.next((f) => f.type === 'pong')

    expect(engine.listFunctions().find((f) => f.function_id === 'state::get')?.worker_name).toBe('iii-state')
  })
})
