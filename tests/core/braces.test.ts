import { describe, expect, it } from 'vitest'
import { expandBraces } from '../../src/core/braces.js'

describe('expandBraces', () => {
  it.each([
    ['dir/*.md', ['dir/*.md']],
    ['dir/{a,b}.md', ['dir/a.md', 'dir/b.md']],
    ['{a,b}/{x,y}', ['a/x', 'a/y', 'b/x', 'b/y']],
    ['{a,{b,c}}d', ['ad', 'bd', 'cd']],
    ['x{,s}.md', ['x.md', 'xs.md']],
    ['{a}.md', ['{a}.md']],
    ['{}.md', ['{}.md']],
    ['{a,b', ['{a,b']],
    ['a}b', ['a}b']],
    ['{a}{b,c}', ['{a}b', '{a}c']],
    ['{a{b,c}}', ['{ab}', '{ac}']],
    ['[{]{a,b}', ['[{]a', '[{]b']],
    ['{[,],x}', ['[,]', 'x']],
    ['{docs/a,b/**}/*.md', ['docs/a/*.md', 'b/**/*.md']],
  ])('%s', (pattern, expected) => {
    expect(expandBraces(pattern, 1024)).toEqual(expected)
  })

  it('gives up once the alternatives exceed the cap', () => {
    expect(expandBraces('{a,b}'.repeat(11), 1024)).toBeUndefined()
    expect(expandBraces('{a,b}'.repeat(10), 1024)).toHaveLength(1024)
  })
})
