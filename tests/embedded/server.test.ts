import { describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { ENGINE_MAX_FRAME_BYTES as MAX_FRAME_BYTES } from '../../src/core/limits.js'
import { sleep, useHarness, waitFor } from './harness.js'

const h = useHarness()

function open(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url)
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
  })
}

describe('the embedded engine listener', () => {
  it('listens on 127.0.0.1 and a free port by default', async () => {
    const engine = await h.engine()
    expect(engine.host).toBe('127.0.0.1')
    expect(engine.port).toBeGreaterThan(0)
    expect(engine.url).toBe(`ws://127.0.0.1:${engine.port}`)
  })

  it('greets a worker on / with workerregistered {worker_id, reattach_token}, ignoring the query', async () => {
    const engine = await h.engine()
    const raw = await h.raw(`${engine.url}/?client=test`)
    const [hello] = raw.received
    expect(Object.keys(hello ?? {})).toEqual(['type', 'worker_id', 'reattach_token'])
    expect(hello?.worker_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(hello?.reattach_token).toMatch(/^[0-9a-f-]{36}$/)
    expect(engine.workers().map((w) => w.id)).toEqual([hello?.worker_id])
  })

  it('accepts /otel, ignores its frames and does not register it as a worker', async () => {
    const engine = await h.engine()
    const ws = await open(`${engine.url}/otel`)
    ws.send(Buffer.concat([Buffer.from('OTLP'), Buffer.from('{"resourceSpans":[]}')]))
    ws.send('{"type":"ping"}')
    await sleep(50)
    expect(ws.readyState).toBe(WebSocket.OPEN)
    expect(engine.workers()).toEqual([])
    ws.terminate()
  })

  it('refuses upgrades on other paths with 404', async () => {
    const engine = await h.engine()
    const ws = new WebSocket(`${engine.url}/ws/channels/abc`)
    const status = await new Promise<number>((resolve) => {
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      ws.once('error', () => resolve(-1))
    })
    expect(status).toBe(404)
  })

  it('skips binary telemetry frames on / and decodes other binary frames as JSON', async () => {
    const engine = await h.engine()
    const raw = await h.raw(engine.url)
    raw.ws.send(Buffer.from('MTRC{"type":"ping"}'))
    raw.ws.send(Buffer.from('{"type":"ping"}'))
    await raw.next((f) => f.type === 'pong')
    await sleep(50)
    expect(raw.ofType('pong')).toHaveLength(1)
  })

  it('closes and cleans up a worker that sends a frame over 16 MiB', async () => {
    const engine = await h.engine()
    const raw = await h.raw(engine.url)
    raw.send({ type: 'registerfunction', id: 'big::fn' })
    await waitFor(() => engine.listFunctions().some((f) => f.function_id === 'big::fn'))

    raw.send(`{"type":"ping","pad":"${'x'.repeat(MAX_FRAME_BYTES)}"}`)

    await waitFor(() => raw.closed, 5000, 'the socket to close')
    await waitFor(() => engine.workers().length === 0, 5000, 'the cleanup')
    expect(engine.listFunctions().some((f) => f.function_id === 'big::fn')).toBe(false)
  })

  it('answers a JSON ping with a pong', async () => {
    const engine = await h.engine()
    const raw = await h.raw(engine.url)
    raw.send({ type: 'ping' })
    expect(await raw.next((f) => f.type === 'pong')).toEqual({ type: 'pong' })
  })

  it('refuses to start on a port that is taken', async () => {
    const engine = await h.engine()
    await expect(h.engine({ port: engine.port })).rejects.toThrow(/EADDRINUSE/)
  })
})
