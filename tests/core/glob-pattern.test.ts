import { describe, expect, it } from 'vitest'
import { compileGlob, parsePattern, type Token, matchName } from '../../src/core/glob-pattern.js'

const tokensOf = (pattern: string): Token[] => {
  const parsed = parsePattern(pattern)
  if ('error' in parsed) throw new Error(parsed.error)
  return parsed.tokens
}

describe('parsePattern rejects what the Rust glob crate rejects', () => {
  it.each([
    ['[unclosed', 'Pattern syntax error near position 0: invalid range pattern'],
    ['/base/[unclosed', 'Pattern syntax error near position 6: invalid range pattern'],
    ['a/[!]', 'Pattern syntax error near position 2: invalid range pattern'],
    ['a/[]', 'Pattern syntax error near position 2: invalid range pattern'],
    ['a/[', 'Pattern syntax error near position 2: invalid range pattern'],
    ['a/***', 'Pattern syntax error near position 4: wildcards are either regular `*` or recursive `**`'],
    ['a**/b', 'Pattern syntax error near position 0: recursive wildcards must form a single path component'],
    ['a/**b', 'Pattern syntax error near position 4: recursive wildcards must form a single path component'],
    ['é/[x', 'Pattern syntax error near position 2: invalid range pattern'],
  ])('%s', (pattern, error) => {
    expect(parsePattern(pattern)).toEqual({ error })
  })

  it('parses classes, ranges and wildcards into tokens', () => {
    expect(parsePattern('[!a-c]?*x')).toEqual({
      tokens: [
        { kind: 'except', specs: [{ kind: 'range', from: 0x61, to: 0x63 }] },
        { kind: 'any' },
        { kind: 'sequence' },
        { kind: 'char', cp: 0x78 },
      ],
    })
  })

  it.each(['**', 'a/**', '**/a', 'a/**/b', '[]]', '[!]]', '[a-]', '{a,b}', 'a(b)!+@'])('accepts %s', (pattern) => {
    expect(parsePattern(pattern)).toHaveProperty('tokens')
  })
})

describe('matchName', () => {
  it.each([
    ['*.md', 'a.md', true],
    ['*.md', '.hidden.md', true],
    ['*.md', 'a.MD', false],
    ['*', '', true],
    ['?.md', 'ab.md', false],
    ['?.md', 'é.md', true],
    ['[abc].md', 'b.md', true],
    ['[abc].md', 'd.md', false],
    ['[!abc].md', 'd.md', true],
    ['[!abc].md', 'a.md', false],
    ['[a-c]x', 'bx', true],
    ['[a-c]x', 'Bx', false],
    ['[z-a]x', 'mx', false],
    ['[!z-a]x', 'mx', true],
    ['[]]', ']', true],
    ['[!]]', 'a', true],
    ['[!]]', ']', false],
    ['[a-]', '-', true],
    ['a*b*c', 'aXbYc', true],
    ['a*b*c', 'aXbY', false],
    ['*a*a*a*a*a*a*a*a*a*a*b', 'a'.repeat(200), false],
    ['(p).md', '(p).md', true],
    ['{a,b}.md', '{a,b}.md', true],
  ])('%s ~ %j => %s', (pattern, name, matches) => {
    expect(matchName(tokensOf(pattern), name)).toBe(matches)
  })
})

describe('compileGlob', () => {
  it('splits an absolute pattern into literal, recursive and wildcard components', () => {
    expect(compileGlob('/base/**/x-*.md')).toEqual({
      root: '/',
      requireDir: false,
      components: [
        { kind: 'literal', text: 'base' },
        { kind: 'recursive' },
        { kind: 'wild', tokens: tokensOf('x-*.md') },
      ],
    })
  })

  it('marks a trailing slash as directories-only and keeps `..` literally', () => {
    expect(compileGlob('/a/../b/')).toEqual({
      root: '/',
      requireDir: true,
      components: [{ kind: 'literal', text: 'a' }, { kind: 'literal', text: '..' }, { kind: 'literal', text: 'b' }],
    })
  })
})
