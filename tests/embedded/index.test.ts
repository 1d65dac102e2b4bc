import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../../src/app/logger.js'
import { useHarness, waitFor } from './harness.js'

const h = useHarness()

function capturedLogger() {
  const lines: Array<Record<string, unknown>> = []
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  return { log: createLogger({ level: 'debug', destination }), lines }
}

describe('startEmbeddedEngine', () => {
  it('is served again by an SDK client that reconnects by itself after a restart on the same port', async () => {
    const first = await h.engine()
    const client = h.client(first.url, 'survivor')
    client.registerFunction('demo::echo', async (x: unknown) => x)
    await h.functionReady(first, 'demo::echo')
    await first.close()

    const second = await h.engine({ port: first.port })
    await waitFor(() => second.listFunctions().some((f) => f.function_id === 'demo::echo'), 10_000, 'the SDK to reconnect')

    expect(second.url).toBe(first.url)
    expect(await second.invoke('demo::echo', 'back')).toBe('back')
    expect(await client.trigger({ function_id: 'state::list_groups', payload: {} })).toEqual({ groups: [] })
  }, 15_000)

  it('whenRegistered resolves when the last of its functions registers, at once when all are there, and false at its deadline', async () => {
    const engine = await h.engine()
    const client = h.client(engine.url, 'late')
    const waiting = engine.whenRegistered(['demo::a', 'demo::b'], 10_000)
    let settled: boolean | undefined
    void waiting.then((registered) => (settled = registered))
    client.registerFunction('demo::a', async () => 'a')
    await h.functionReady(engine, 'demo::a')
    expect(settled).toBeUndefined()
    client.registerFunction('demo::b', async () => 'b')
    expect(await waiting).toBe(true)
    expect(engine.listFunctions().map((f) => f.function_id)).toEqual(expect.arrayContaining(['demo::a', 'demo::b']))
    expect(await engine.whenRegistered(['demo::a'], 0)).toBe(true)
    const started = performance.now()
    expect(await engine.whenRegistered(['demo::a', 'demo::never'], 50)).toBe(false)
    expect(performance.now() - started).toBeGreaterThanOrEqual(45)
  })

  it('closes connected workers on close() and may be closed twice', async () => {
    const engine = await h.engine()
    const raw = await h.raw(engine.url)
    await Promise.all([engine.close(), engine.close()])
    await waitFor(() => raw.closed, 2000, 'the worker socket to close')
    expect(engine.workers()).toEqual([])
  })

  it('logs connects, disconnects, dropped frames and in-memory state', async () => {
    const { log, lines } = capturedLogger()
    const engine = await h.engine({ log })
    const raw = await h.raw(engine.url)
    raw.send('not json')
    raw.close()
    await waitFor(() => lines.some((l) => l.msg === 'worker disconnected'))
    const seen = lines.map((l) => [l.level, l.msg])
    expect(seen).toEqual(expect.arrayContaining([
      [30, 'no state file configured: state is kept in memory and lost on exit'],
      [30, 'embedded iii engine listening'],
      [30, 'worker connected'],
      [40, 'json decode error: frame dropped'],
      [30, 'worker disconnected'],
    ]))
    expect(lines.every((l) => l.module === 'embedded-engine')).toBe(true)
  })

  it('records frames only when asked to', async () => {
    const quiet = await h.engine()
    const recording = await h.engine({ recordFrames: true })
    for (const engine of [quiet, recording]) {
      const raw = await h.raw(engine.url)
      raw.send({ type: 'ping' })
      await raw.next((f) => f.type === 'pong')
    }
    expect(quiet.frames).toEqual([])
    expect(recording.frames.map((f) => [f.direction, JSON.parse(f.text).type])).toEqual([
      ['out', 'workerregistered'], ['in', 'ping'], ['out', 'pong'],
    ])
  })

  it('keeps each worker’s outbound frames in the order the engine produced them', async () => {
    const engine = await h.engine()
    const raw = await h.raw(engine.url)
    const ids = Array.from({ length: 50 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
    for (const id of ids) raw.send({ type: 'invokefunction', invocation_id: id, function_id: 'state::list_groups', data: {} })
    await waitFor(() => raw.ofType('invocationresult').length === 50)
    expect(raw.ofType('invocationresult').map((f) => f.invocation_id)).toEqual(ids)
  })
})
