/** A compaction writes the stored JSON as it is: the same bytes as encoding each value; replaced values are parsed only when looked at. */
import { describe, expect, it } from 'vitest'
import { encodeRecord, encodeStoredSet } from '../../src/embedded/state-journal/records.js'
import { StateMap } from '../../src/embedded/state-map.js'

describe('encodeStoredSet', () => {
  it('gives the bytes encodeRecord gives for the same set', () => {
    const values: unknown[] = [{ id: 'a', skill: '# A "q" é 😀\n' }, [1, null, 'x'], 'text', 0, -2.5, true, null, undefined, {}]
    const map = new StateMap()
    values.forEach((value, i) => map.set('scope "s"', `k${i} é`, value))
    const [[scope, entries]] = map.storedEntries() as [[string, Array<[string, Buffer | undefined]>]]
    entries.forEach(([key, text], i) => {
      expect(encodeStoredSet(scope, key, text).equals(encodeRecord({ op: 'set', scope, key, value: values[i] }))).toBe(true)
    })
  })
})

describe('StateMap replaced values', () => {
  it('parses a replaced or deleted value only when the caller looks at it, once', () => {
    const map = new StateMap()
    map.set('s', 'k', { n: 1 })
    const parse = JSON.parse
    let parses = 0
    JSON.parse = ((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => { parses++; return parse(text, reviver) }) as typeof JSON.parse
    try {
      const replaced = map.set('s', 'k', { n: 2 })
      const deleted = map.delete('s', 'k')
      expect(parses).toBe(0)
      expect(replaced?.value).toEqual({ n: 1 })
      expect(replaced?.value).toBe(replaced?.value)
      expect(deleted?.value).toEqual({ n: 2 })
      expect(parses).toBe(2)
    } finally {
      JSON.parse = parse
    }
  })
})
