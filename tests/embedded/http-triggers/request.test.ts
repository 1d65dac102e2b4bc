import { describe, expect, it } from 'vitest'
import { queryParams, requestHeaders, splitTarget } from '../../../src/embedded/http-triggers/request.js'

describe('splitTarget', () => {
  it.each([
    ['/skills/rpc', { path: '/skills/rpc', query: '' }],
    ['/a%20b?x=1&y', { path: '/a%20b', query: 'x=1&y' }],
    ['/a?x=1#frag', { path: '/a', query: 'x=1' }],
    ['http://host:3111/a/b?q=1', { path: '/a/b', query: 'q=1' }],
    ['http://host:3111', { path: '/', query: '' }],
    [undefined, { path: '/', query: '' }],
  ])('%j => %j', (target, expected) => {
    expect(splitTarget(target)).toEqual(expected)
  })
})

describe('queryParams', () => {
  it('decodes form-style and keeps the last of a repeated name', () => {
    expect(queryParams('a=1&b=x+y%21&a=2&flag')).toEqual({ a: '2', b: 'x y!', flag: '' })
  })
})

describe('requestHeaders', () => {
  it('lower-cases names, keeps the last value of a repeated name, and blanks values that are not visible ASCII', () => {
    expect(requestHeaders(['Content-Type', 'application/json', 'X-Dup', '1', 'x-dup', '2', 'X-Latin', 'caf\u00e9', 'X-Tab', 'a\tb'])).toEqual({
      'content-type': 'application/json',
      'x-dup': '2',
      'x-latin': '',
      'x-tab': 'a\tb',
    })
  })
})
