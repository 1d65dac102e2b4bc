import { describe, expect, it } from 'vitest'
import { memoize } from '../../src/core/memo.js'

describe('memoize', () => {
  it('computes a key once per object and hands back the same value after', () => {
    const owner = [1, 2, 3]
    let computed = 0
    const sum = () => {
      computed++
      return { total: owner.reduce((a, b) => a + b, 0) }
    }
    const first = memoize(owner, 'sum', sum)
    expect(memoize(owner, 'sum', sum)).toBe(first)
    expect(first).toEqual({ total: 6 })
    expect(computed).toBe(1)
  })

  it('keeps keys of one object and values of different objects apart', () => {
    const a = {}
    const b = {}
    expect(memoize(a, 'x', () => 'a-x')).toBe('a-x')
    expect(memoize(a, 'y', () => 'a-y')).toBe('a-y')
    expect(memoize(b, 'x', () => 'b-x')).toBe('b-x')
    expect(memoize(a, 'x', () => 'again')).toBe('a-x')
  })

  it('remembers an undefined result too', () => {
    const owner = {}
    let computed = 0
    memoize(owner, 'nothing', () => { computed++ })
    memoize(owner, 'nothing', () => { computed++ })
    expect(computed).toBe(1)
  })
})
