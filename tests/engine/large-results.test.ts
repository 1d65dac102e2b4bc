/** Large `invocationresult` frames decoded in slices, element by element, with the very value one JSON.parse gives. */
import { describe, expect, it } from 'vitest'
import type { IIIClient } from 'iii-sdk'
import { frameText, RawJson } from '../../src/embedded/raw-json.js'
import { arrayResultFrame, decodeArray, decodeLargeResultsInSlices, LARGE_FRAME_BYTES } from '../../src/engine/large-results.js'

const frame = (result: unknown, extra: Record<string, unknown> = {}) =>
  Buffer.from(frameText({ type: 'invocationresult', invocation_id: 'inv-1', function_id: 'state::list', ...extra, result: new RawJson([Buffer.from(JSON.stringify(result))]) }))

const tricky: unknown[] = [
  { id: 'a', skill: 'quotes \\" and \\\\" and "," and "]" and "}" ,[{' },
  { id: 'b', skill: 'é 😀 \u2028 中文', nested: { list: [1, [2, [3, {}]], []], empty: '' } },
  'a string with \\', 0, -1.5e-7, true, false, null, [], {}, [[], [{}]], '"',
]

function randomValue(depth: number, rand: () => number): unknown {
  const pick = Math.floor(rand() * (depth > 3 ? 4 : 6))
  const chars = ['a', '"', '\\', ',', ']', '}', '{', '[', 'é', '😀', ' ', '\n', ':']
  switch (pick) {
    case 0: return Array.from({ length: Math.floor(rand() * 8) }, () => chars[Math.floor(rand() * chars.length)]).join('')
    case 1: return Math.round(rand() * 1e6) / 100
    case 2: return rand() < 0.5
    case 3: return null
    case 4: return Array.from({ length: Math.floor(rand() * 4) }, () => randomValue(depth + 1, rand))
    default: return Object.fromEntries(Array.from({ length: Math.floor(rand() * 4) }, (_, i) => [`k${i}${chars[i % chars.length]}`, randomValue(depth + 1, rand)]))
  }
}

function seeded(seed: number): () => number {
  let s = seed
  return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648)
}

describe('arrayResultFrame', () => {
  it('recognises an invocation result whose array result comes last, with any string or null fields before it', () => {
    expect(arrayResultFrame(frame([1]))).toEqual({ invocationId: 'inv-1', arrayStart: frame([1]).indexOf('[') })
    expect(arrayResultFrame(frame([], { traceparent: '00-ab-cd-01', baggage: null }))?.invocationId).toBe('inv-1')
  })

  it('leaves alone errors, results that are not arrays or not last, and other frames', () => {
    const error = Buffer.from(JSON.stringify({ type: 'invocationresult', invocation_id: 'i', function_id: 'f', error: { code: 'x', message: '[' } }))
    expect(arrayResultFrame(error)).toBeUndefined()
    expect(arrayResultFrame(frame({ skills: [] }))).toBeUndefined()
    expect(arrayResultFrame(Buffer.from('{"type":"invocationresult","invocation_id":"i","result":[1],"error":null}'))).toBeUndefined()
    expect(arrayResultFrame(Buffer.from('{"type":"invokefunction","invocation_id":"i","function_id":"f","data":[1]}'))).toBeUndefined()
  })
})

describe('decodeArray', () => {
  it('gives exactly what JSON.parse gives, strings full of quotes, escapes and brackets included', async () => {
    for (const result of [tricky, [], [tricky], ['only']]) {
      const data = frame(result)
      expect(await decodeArray(data, arrayResultFrame(data)!)).toEqual(result)
    }
  })

  it('agrees with JSON.parse on 300 random arrays', async () => {
    const rand = seeded(7)
    for (let n = 0; n < 300; n++) {
      const result = Array.from({ length: Math.floor(rand() * 6) }, () => randomValue(0, rand))
      const data = frame(result)
      expect(await decodeArray(data, arrayResultFrame(data)!)).toEqual(JSON.parse(data.toString()).result)
    }
  })

  it('refuses a frame whose array does not close at its end', async () => {
    const data = Buffer.from('{"type":"invocationresult","invocation_id":"i","result":[1],"x":[2]}')
    expect(await decodeArray(data, { invocationId: 'i', arrayStart: data.indexOf('[') })).toBeUndefined()
    const open = Buffer.from('{"type":"invocationresult","invocation_id":"i","result":["unterminated]}')
    expect(await decodeArray(open, { invocationId: 'i', arrayStart: open.indexOf('[') })).toBeUndefined()
  })
})

describe('decodeLargeResultsInSlices', () => {
  function fakeClient() {
    const passed: string[] = []
    const delivered: Array<{ id: string; result: unknown }> = []
    const client = {
      onMessage(data: Buffer) { passed.push(data.toString().slice(0, 40)) },
      onInvocationResult(id: string, result: unknown) { delivered.push({ id, result }) },
    }
    decodeLargeResultsInSlices(client as unknown as IIIClient)
    return { client, passed, delivered }
  }
  const rows = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ id: `${tag}/${i}`, skill: `# ${tag} ${i} "q" é\n${'word '.repeat(400)}` }))

  it('hands a large array result to the SDK as the array, letting other work run while it is decoded', async () => {
    const { client, passed, delivered } = fakeClient()
    const result = rows(3000, 'big')
    const data = frame(result)
    expect(data.length).toBeGreaterThan(LARGE_FRAME_BYTES)
    let turns = 0
    const tick = setInterval(() => turns++, 0)
    client.onMessage(data)
    expect(delivered).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 400))
    clearInterval(tick)
    expect(delivered).toEqual([{ id: 'inv-1', result }])
    expect(turns).toBeGreaterThan(1)
    expect(passed).toEqual([])
  })

  it('passes small frames, large frames it does not recognise and malformed ones to the SDK, and keeps large results in order', async () => {
    const { client, passed, delivered } = fakeClient()
    const first = frame(rows(2000, 'first'), {})
    const second = Buffer.from(frameText({ type: 'invocationresult', invocation_id: 'inv-2', function_id: 'state::list', result: new RawJson([Buffer.from(JSON.stringify(rows(2000, 'second')))]) }))
    const broken = Buffer.from(`{"type":"invocationresult","invocation_id":"inv-3","function_id":"f","result":["x",${'1,'.repeat(LARGE_FRAME_BYTES)}]}`)
    const small = Buffer.from('{"type":"invocationresult","invocation_id":"small","result":[1]}')
    const call = Buffer.from(JSON.stringify({ type: 'invokefunction', data: 'x'.repeat(LARGE_FRAME_BYTES) }))
    for (const data of [first, small, second, broken, call]) client.onMessage(data)
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(delivered.map((d) => d.id)).toEqual(['inv-1', 'inv-2'])
    expect((delivered[1]?.result as Array<{ id: string }>)[1999]?.id).toBe('second/1999')
    expect(passed).toEqual([small, call, broken].map((data) => data.toString().slice(0, 40)))
  })
})
