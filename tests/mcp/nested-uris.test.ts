import { describe, expect, it } from 'vitest'
import { isNestedResourceUri, withoutDeepLinkLines } from '../../src/mcp/nested-uris.js'

describe('isNestedResourceUri', () => {
  it.each([
    ['iii://resend/emails', true],
    ['iii://resend/emails/send-email', true],
    ['iii://fn/scope/echo', true],
    ['iii://a/\r', true],
    ['iii://resend', false],
    ['iii://skills', false],
    ['iii://resend/', false],
    ['iii://a/\nb', false],
    ['iii:///x', false],
    ['https://example.com/foo', false],
    [' iii://a/b', false],
    ['III://a/b', false],
  ])('%j → %s', (uri, nested) => {
    expect(isNestedResourceUri(uri)).toBe(nested)
  })
})

describe('withoutDeepLinkLines', () => {
  it.each([
    ['- [`a`](iii://a) — root', true],
    ['  - [`a/b`](iii://a/b) — first level', true],
    ['    - [`a/b/c`](iii://a/b/c) — deep', false],
    ['see iii://a/b/c inline', false],
    ['iii://a/b/c/d/e', false],
    ['[x](iii://a/b)/c', true],
    ['iii://a/b /c', true],
    ['iii://a/b\t/c', true],
    ['iii://a/b\u00a0/c', true],
    ['iii://a/b\u0085/c', true],
    ['iii://a/b\u3000/c', true],
    ['iii://a/b\ufeff/c', false],
    ['iii://a/b/)', true],
    ['iii://a/b/ ', true],
    ['iii://a//c', true],
    ['iii://a/b/c\r', false],
    ['plain text a/b/c', true],
  ])('%j is kept: %s', (line, kept) => {
    expect(withoutDeepLinkLines(line)).toBe(kept ? line : '')
  })

  it('splits on \\n only and keeps blank lines, \\r and the trailing newline', () => {
    expect(withoutDeepLinkLines('a\r\niii://x/y/z\r\n\nb\n')).toBe('a\r\n\nb\n')
  })

  it('returns the empty string unchanged', () => {
    expect(withoutDeepLinkLines('')).toBe('')
  })
})
