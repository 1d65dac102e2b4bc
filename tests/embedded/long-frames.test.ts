/** A frame over 1 MiB goes out in fragments, one per turn of the event loop; later frames wait for it. */
import { describe, expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import { WorkerConnection } from '../../src/embedded/connection.js'
import { RawJson } from '../../src/embedded/raw-json.js'
import { silentLogger } from '../support/silent-logger.js'

interface Written { data: string | Buffer; fin: boolean; binary: boolean }

function connection() {
  const written: Written[] = []
  const socket = {
    send: (data: string | Buffer, options: { fin: boolean; binary: boolean }) => written.push({ data, fin: options.fin, binary: options.binary }),
    terminate: () => undefined,
  }
  return { conn: new WorkerConnection(socket as unknown as WebSocket, '127.0.0.1', silentLogger()), written }
}

/** The messages the peer receives: fragments joined up to each `fin`. */
function messages(written: Written[]): string[] {
  const out: string[] = []
  let current: Buffer[] = []
  for (const { data, fin } of written) {
    current.push(Buffer.from(data))
    if (fin) {
      out.push(Buffer.concat(current).toString('utf8'))
      current = []
    }
  }
  return out
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('WorkerConnection long frames', () => {
  it('writes a short frame at once, whole', () => {
    const { conn, written } = connection()
    conn.send({ type: 'ping' })
    expect(written).toEqual([{ data: '{"type":"ping"}', fin: true, binary: false }])
  })

  it('writes a long frame in fragments across turns of the event loop, and later frames after it, in order', async () => {
    const { conn, written } = connection()
    const rows = Array.from({ length: 3000 }, (_, i) => ({ id: `s${i}`, skill: `# S${i} é😀\n${'x'.repeat(1000)}` }))
    const frame = { type: 'invocationresult', invocation_id: 'i', function_id: 'state::list', result: new RawJson([Buffer.from(JSON.stringify(rows))]) }
    conn.send(frame)
    const turns: number[] = []
    setImmediate(() => turns.push(written.length))
    conn.send({ type: 'after', n: 1 })
    conn.send({ type: 'after', n: 2 })
    expect(written).toHaveLength(1)
    expect(written[0]?.fin).toBe(false)
    await settle()
    expect(turns[0]).toBeGreaterThanOrEqual(1)
    expect(turns[0]).toBeLessThan(written.length)
    expect(written.filter((w) => w.fin)).toHaveLength(3)
    for (const { data, binary } of written) {
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(1 << 20)
      expect(binary).toBe(false)
    }
    const [list, ...after] = messages(written)
    expect(JSON.parse(list as string)).toEqual({ ...frame, result: rows })
    expect(after).toEqual(['{"type":"after","n":1}', '{"type":"after","n":2}'])
  })

  it('sends a long string frame in fragments too, whole characters once joined', async () => {
    const { conn, written } = connection()
    const s = `${'a'.repeat((1 << 20) - 18)}${'😀é'.repeat(1000)}`
    conn.send({ type: 'x', s })
    await settle()
    expect(written.length).toBeGreaterThan(1)
    expect(messages(written)).toEqual([JSON.stringify({ type: 'x', s })])
  })

  it('stops writing a long frame once the socket is dropped', async () => {
    const { conn, written } = connection()
    conn.send({ type: 'big', text: 'y'.repeat(3 << 20) })
    conn.terminate()
    conn.send({ type: 'late' })
    await settle()
    expect(written).toHaveLength(1)
  })
})
