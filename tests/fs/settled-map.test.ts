import { describe, expect, it } from 'vitest'
import { PathMemos } from '../../src/fs/path-memos.js'
import { SettledMap } from '../../src/fs/settled-map.js'
import { retainedBytes } from './retained-heap.js'

const later = <T>(value: T) => new Promise<T>((resolve) => setImmediate(() => resolve(value)))
const failing = () => new Promise<never>((_, reject) => setImmediate(() => reject(new Error('gone'))))

describe('SettledMap', () => {
  it('reads a key once, shares the read while pending, and answers the value after', async () => {
    const map = new SettledMap<string>()
    let reads = 0
    const read = () => later(`v${++reads}`)
    const [a, b] = await Promise.all([map.getOrRead('k', read), map.getOrRead('k', read)])
    expect([a, b, reads]).toEqual(['v1', 'v1', 1])
    expect(await map.get('k')).toBe('v1')
    expect(await map.getOrRead('k', read)).toBe('v1')
    expect(reads).toBe(1)
  })

  it('drops a read that failed, and keeps no late answer for a key deleted meanwhile', async () => {
    const map = new SettledMap<string>()
    await expect(map.getOrRead('k', failing)).rejects.toThrow('gone')
    await new Promise(setImmediate)
    expect(map.has('k')).toBe(false)
    const pending = map.getOrRead('k', () => later('old'))
    map.delete('k')
    expect(await pending).toBe('old')
    expect(map.has('k')).toBe(false)
    expect(await map.getOrRead('k', () => later('new'))).toBe('new')
  })

  it('keeps settled answers bare: no promise per entry', async () => {
    const keys = Array.from({ length: 10_000 }, (_, i) => `/skills/skill-${i}`)
    const retained = await retainedBytes(async () => {
      const map = new SettledMap<boolean>()
      await Promise.all(keys.map((key) => map.getOrRead(key, () => later(true))))
      return map
    })
    // About 50 bytes an entry (the map's own table); a settled promise kept per entry made it about 100.
    expect(retained).toBeLessThan(keys.length * 70)
  })
})

describe('PathMemos', () => {
  it('remembers each key\'s answer, undefined included, and forgets a failed one', async () => {
    const memos = new PathMemos()
    let computed = 0
    const compute = <T>(value: T) => () => { computed++; return later(value) }
    expect(await memos.getOrCompute('digest', compute('abc'))).toBe('abc')
    expect(await memos.getOrCompute('facts', compute(undefined))).toBeUndefined()
    await new Promise(setImmediate)
    expect(await memos.getOrCompute('digest', compute('other'))).toBe('abc')
    expect(await memos.getOrCompute('facts', compute('other'))).toBeUndefined()
    expect(computed).toBe(2)
    await expect(memos.getOrCompute('skill:a', failing)).rejects.toThrow('gone')
    await new Promise(setImmediate)
    expect(await memos.getOrCompute('skill:a', compute('loaded'))).toBe('loaded')
    // A key equal to another key's answer is still its own key.
    expect(await memos.getOrCompute('abc', compute('own'))).toBe('own')
  })
})
