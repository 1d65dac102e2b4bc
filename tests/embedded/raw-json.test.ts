import { describe, expect, it } from 'vitest'
import { fragments, frameText, materialize, RawJson } from '../../src/embedded/raw-json.js'

const raw = (...texts: string[]) => new RawJson(texts.map((text) => Buffer.from(text)))
import { StateMap } from '../../src/embedded/state-map.js'

const values: unknown[] = [{ id: 'a', skill: '# A\n"quoted" \u2028 é' }, [1, 2.5, null], 'text', 0, true, null, { nested: { deep: [{}] } }]

describe('RawJson results', () => {
  it('writes a frame with a raw result exactly as JSON.stringify writes the frame with the value', () => {
    for (const value of values) {
      const frame = { type: 'invocationresult', invocation_id: 'i-1', function_id: 'state::list', result: raw(JSON.stringify(value)) }
      expect(frameText(frame)).toBe(JSON.stringify({ ...frame, result: value }))
    }
    expect(frameText({ result: raw('[1]') })).toBe('{"result":[1]}')
    expect(frameText({ type: 'x', result: 3 })).toBe('{"type":"x","result":3}')
  })

  it('splices a result given as many pieces', () => {
    const frame = { type: 't', result: raw('[', '{"a":1}', ',', '"b"', ']') }
    expect(frameText(frame)).toBe('{"type":"t","result":[{"a":1},"b"]}')
  })

  it('cuts pieces into fragments of the size in bytes, across and within pieces', () => {
    const pieces = ['ab', 'cdefg', '', 'h', 'x😀y', 'z'.repeat(9)].map((text) => Buffer.from(text))
    const bytes = Buffer.concat(pieces)
    for (const size of [1, 2, 3, 5, 7, 100]) {
      const cut = [...fragments(pieces, size)]
      expect(Buffer.concat(cut).equals(bytes)).toBe(true)
      for (const fragment of cut.slice(0, -1)) expect(fragment.length).toBe(size)
      expect(cut.at(-1)!.length).toBeGreaterThan(0)
      expect(cut.at(-1)!.length).toBeLessThanOrEqual(size)
    }
    expect([...fragments([], 4)]).toEqual([])
  })

  it('gives callers in this process the value, never the raw text', () => {
    expect(materialize(raw('{"a":[1,', '"b"]}'))).toEqual({ a: [1, 'b'] })
    const plain = { a: 1 }
    expect(materialize(plain)).toBe(plain)
  })
})

describe('StateMap', () => {
  it('lists a scope as the JSON text of its values in key order, overwrites keeping their place', () => {
    const map = new StateMap()
    values.forEach((value, i) => map.set('s', `k${i}`, value))
    map.set('s', 'k0', { id: 'a', skill: 'changed' })
    map.set('s', 'gone', 1)
    map.delete('s', 'gone')
    map.set('s', 'undef', undefined)
    const expected = [{ id: 'a', skill: 'changed' }, ...values.slice(1), undefined]
    expect(map.list('s').text).toBe(JSON.stringify(expected))
    expect(map.list('nothing').text).toBe('[]')
  })

  it('hands out copies: changing what a read returned never changes what is stored', () => {
    const map = new StateMap()
    const value = { tags: ['a'] }
    map.set('s', 'k', value)
    value.tags.push('written after set')
    const read = map.get('s', 'k')?.value as { tags: string[] }
    read.tags.push('written after get')
    expect(map.get('s', 'k')).toEqual({ value: { tags: ['a'] } })
    expect(map.set('s', 'k', 2)).toEqual({ value: { tags: ['a'] } })
    expect(map.delete('s', 'k')).toEqual({ value: 2 })
    expect(map.get('s', 'k')).toBeUndefined()
  })

  it('keeps scopes emptied by deletes until they are dropped, as a restart does', () => {
    const map = new StateMap()
    map.set('kept', 'k', 1)
    map.set('emptied', 'k', 1)
    map.delete('emptied', 'k')
    expect(map.groups()).toEqual(['emptied', 'kept'])
    expect(map.snapshot()).toEqual([['kept', [['k', 1]]]])
    map.dropEmptyScopes()
    expect(map.groups()).toEqual(['kept'])
  })
})
