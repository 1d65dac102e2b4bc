import { describe, expect, it } from 'vitest'
import { exceedsSerdeDepth, maxNestingDepth, SERDE_MAX_DEPTH } from '../../src/embedded/json-depth.js'

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

describe('maxNestingDepth', () => {
  it.each([
    ['a scalar', '42', 0],
    ['an empty object', '{}', 1],
    ['mixed arrays and objects', '{"a":[{"b":[1]}]}', 4],
    ['brackets inside strings', '{"a":"[[[{{{"}', 1],
    ['escaped quotes inside strings', '{"a":"\\"[[[\\""}', 1],
    ['an escaped backslash before the closing quote', '{"a":"\\\\","b":[[1]]}', 3],
  ])('counts %s', (_name, text, depth) => {
    expect(maxNestingDepth(text)).toBe(depth)
  })

  it('scans a 1,000,000-level document without recursing', () => {
    expect(maxNestingDepth(nested(1_000_000))).toBe(1_000_000)
  })
})

describe('exceedsSerdeDepth', () => {
  it.each([
    [SERDE_MAX_DEPTH, false],
    [SERDE_MAX_DEPTH + 1, true],
  ])('a document %i levels deep exceeds the limit: %s', (depth, exceeds) => {
    expect(exceedsSerdeDepth(nested(depth))).toBe(exceeds)
  })

  it('puts the limit where serde_json does: 127 levels decode, 128 do not', () => {
    expect(SERDE_MAX_DEPTH).toBe(127)
  })
})
