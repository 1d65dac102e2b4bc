import { describe, expect, it } from 'vitest'
import { trim, trimEnd, trimStart } from '../../src/core/text.js'

// Every Unicode White_Space code point, which Rust's trim removes.
const WHITE_SPACE = [
  '\t', '\n', '\u000b', '\f', '\r', ' ', '\u0085', '\u00a0', '\u1680',
  '\u2000', '\u2001', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200a',
  '\u2028', '\u2029', '\u202f', '\u205f', '\u3000',
]

describe('Rust-semantics trimming', () => {
  it.each(WHITE_SPACE.map((ch) => [ch.codePointAt(0)!.toString(16), ch]))('trims U+%s on both sides', (_hex, ch) => {
    expect(trim(`${ch}x${ch}`)).toBe('x')
    expect(trimStart(`${ch}x${ch}`)).toBe(`x${ch}`)
    expect(trimEnd(`${ch}x${ch}`)).toBe(`${ch}x`)
  })

  it.each([
    ['BOM (JS trims it, Rust does not)', '\ufeff'],
    ['zero-width space', '\u200b'],
    ['Mongolian vowel separator', '\u180e'],
    ['NUL', '\0'],
    ['an astral character', '\u{1f600}'],
  ])('keeps %s', (_case, ch) => {
    expect(trim(`${ch}x${ch}`)).toBe(`${ch}x${ch}`)
  })

  it.each([
    ['', ''], ['   ', ''], [' \t\r\n ', ''], ['a b', 'a b'], ['  a \u3000 b  ', 'a \u3000 b'],
    ['\u0085iii://a\u3000', 'iii://a'], ['\u{1f600} ', '\u{1f600}'],
  ])('trim(%j) is %j', (input, output) => {
    expect(trim(input)).toBe(output)
  })

  it('handles long inner whitespace runs in linear time', () => {
    const text = `a${' '.repeat(200_000)}b`
    expect(trim(text)).toBe(text)
    expect(trimEnd(`${text}${' '.repeat(200_000)}`)).toBe(text)
  })
})
