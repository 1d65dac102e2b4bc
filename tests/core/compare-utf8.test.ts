/** compareUtf8 compares UTF-16 units without encoding; this pins it to Buffer.compare of the UTF-8 bytes. */
import { describe, expect, it } from 'vitest'
import { compareUtf8 } from '../../src/core/ids.js'

const POOL = ['', 'a', 'b', 'z', 'A', '_', '-', '/', '0', '\u00e9', '\u07ff', '\u0800', '\u4e2d', '\ud7ff', '\ue000', '\ufffd', '\uffff', '\u{10000}', '\u{1f600}', '\u{10ffff}']

/** A fixed pseudo-random sequence (LCG), so every run checks the same pairs. */
function* strings(count: number): Generator<string> {
  let seed = 12345
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
  for (let i = 0; i < count; i++) {
    let s = ''
    for (let n = next() % 5; n > 0; n--) s += POOL[next() % POOL.length]
    yield s
  }
}

describe('compareUtf8', () => {
  it('agrees in sign with comparing the UTF-8 bytes, surrogate pairs against U+E000–U+FFFF included', () => {
    const list = [...strings(4000)]
    const mismatches = list.slice(1).filter((b, i) => {
      const a = list[i] as string
      return Math.sign(compareUtf8(a, b)) !== Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b)))
    })
    expect(mismatches).toEqual([])
  })

  it.each([
    ['a', 'a', 0],
    ['a', 'ab', -1],
    ['\u{1f600}', '\uffff', 1],
    ['\ue000', '\ud7ff', 1],
    ['skill-00010', 'skill-00009', 1],
  ])('compareUtf8(%j, %j) has sign %d', (a, b, sign) => {
    expect(Math.sign(compareUtf8(a, b))).toBe(sign)
  })
})
