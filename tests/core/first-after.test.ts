import { describe, expect, it } from 'vitest'
import { firstAfter } from '../../src/core/first-after.js'

describe('firstAfter', () => {
  const sorted = ['a', 'b/c', 'c', 'e', 'e.x']
  it.each([
    ['', 0], ['a', 1], ['b', 1], ['b/c', 2], ['d', 3], ['e', 4], ['e.x', 5], ['z', 5],
  ])('after %j the first index is %i', (after, index) => {
    expect(firstAfter(sorted, after as string, (s) => s)).toBe(index)
  })

  it('orders by UTF-8 bytes, as the listings are sorted (U+FF5E before U+1F600)', () => {
    expect(firstAfter(['\uff5e', '\u{1f600}'], '\uff5e', (s) => s)).toBe(1)
  })
})
