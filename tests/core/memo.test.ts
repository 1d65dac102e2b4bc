import { describe, expect, it } from 'vitest'
import { MemoKey, memoize } from '../../src/core/memo.js'

const key = <T>(name: string) => new MemoKey<T>(name)

describe('memoize', () => {
  it('computes a key once per object and hands back the same value after', () => {
    const owner = [1, 2, 3]
    let computed = 0
    const sum = () => {
      computed++
      return { total: owner.reduce((a, b) => a + b, 0) }
    }
    const SUM = key<{ total: number }>('sum')
    const first = memoize(owner, SUM, sum)
    expect(memoize(owner, SUM, sum)).toBe(first)
    expect(first).toEqual({ total: 6 })
    expect(computed).toBe(1)
  })

  it('keeps keys of one object and values of different objects apart', () => {
    const a = {}
    const b = {}
    const [x, y] = [key<string>('x'), key<string>('y')]
    expect(memoize(a, x, () => 'a-x')).toBe('a-x')
    expect(memoize(a, y, () => 'a-y')).toBe('a-y')
    expect(memoize(b, x, () => 'b-x')).toBe('b-x')
    expect(memoize(a, x, () => 'again')).toBe('a-x')
    expect(memoize(a, key<string>('x'), () => 'another key of the same name')).toBe('another key of the same name')
  })

  it('remembers an undefined result too', () => {
    const owner = {}
    let computed = 0
    const NOTHING = key<void>('nothing')
    memoize(owner, NOTHING, () => { computed++ })
    memoize(owner, NOTHING, () => { computed++ })
    expect(computed).toBe(1)
  })
})
