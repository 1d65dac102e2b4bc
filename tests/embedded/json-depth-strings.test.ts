/** maxNestingDepth skips strings with indexOf; this pins it to a plain char-by-char scan. */
import { describe, expect, it } from 'vitest'
import { maxNestingDepth } from '../../src/embedded/json-depth.js'

function charByChar(text: string): number {
  let depth = 0
  let max = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '[' || c === '{') max = Math.max(max, ++depth)
    else if (c === ']' || c === '}') depth--
  }
  return max
}

/** Every string of up to 6 characters over the characters that matter to the scan. */
function* allStrings(): Generator<string> {
  const alphabet = ['[', ']', '{', '"', '\\', 'a']
  let level = ['']
  for (let length = 1; length <= 6; length++) {
    level = level.flatMap((s) => alphabet.map((c) => s + c))
    yield* level
  }
}

describe('maxNestingDepth', () => {
  it('agrees with a char-by-char scan on every short mix of brackets, quotes and backslashes', () => {
    const disagreements = [...allStrings()].filter((s) => maxNestingDepth(s) !== charByChar(s))
    expect(disagreements).toEqual([])
  })

  it.each([
    ['a long string full of brackets', `{"a":"${'[{'.repeat(10_000)}","b":[1]}`, 2],
    ['a run of escaped backslashes before a quote', '["\\\\\\\\",[["\\\\\\"["]]]', 3],
    ['an unterminated string', '[["abc', 2],
  ])('counts %s', (_case, text, depth) => {
    expect(maxNestingDepth(text)).toBe(depth)
  })
})
