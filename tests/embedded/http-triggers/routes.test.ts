import { describe, expect, it } from 'vitest'
import { routeKey, RouteTable, type Route } from '../../../src/embedded/http-triggers/routes.js'

function route(method: string, apiPath: string, triggerId = `${method} ${apiPath}`, functionId = 'f::f'): Route {
  return { triggerId, functionId, method, apiPath }
}

function table(...routes: Route[]): RouteTable {
  const t = new RouteTable()
  for (const r of routes) t.add(r)
  return t
}

describe('routeKey', () => {
  it.each([
    ['POST', 'skills/rpc', 'POST:skills/rpc'],
    ['POST', '/skills/rpc', 'POST:skills/rpc'],
    ['post', '//skills/rpc', 'POST:skills/rpc'],
    ['GET', '/', 'GET:/'],
    ['GET', '', 'GET:'],
  ])('(%s, %j) => %j', (method, path, key) => {
    expect(routeKey(method, path)).toBe(key)
  })
})

describe('RouteTable.match', () => {
  it('finds a route bound with or without a leading slash, with the bound path', () => {
    const t = table(route('POST', 'skills/rpc'), route('GET', '/a/b'))
    expect(t.match('POST', '/skills/rpc')).toEqual({ kind: 'found', route: route('POST', 'skills/rpc'), pathParams: {} })
    expect(t.match('GET', '/a/b')).toEqual({ kind: 'found', route: route('GET', '/a/b'), pathParams: {} })
  })

  it.each(['/skills/rpc/', '/skills', '/skills/rpc/x', '//skills/rpc', '/Skills/rpc', '/skills%2Frpc', '/skills/./rpc'])(
    'does not match %j against skills/rpc',
    (path) => {
      expect(table(route('POST', 'skills/rpc')).match('POST', path)).toEqual({ kind: 'not-found' })
    },
  )

  it('matches the root path only for a route bound at /', () => {
    expect(table(route('GET', '/')).match('GET', '/')).toMatchObject({ kind: 'found' })
    expect(table(route('GET', 'x')).match('GET', '/')).toEqual({ kind: 'not-found' })
  })

  it('extracts :name parameters raw, and needs a non-empty segment for them', () => {
    const t = table(route('GET', '/users/:id/files/:file'))
    expect(t.match('GET', '/users/a%20b/files/c.txt')).toMatchObject({ kind: 'found', pathParams: { id: 'a%20b', file: 'c.txt' } })
    expect(t.match('GET', '/users//files/c.txt')).toEqual({ kind: 'not-found' })
  })

  it('matches {name} segments as parameters without extracting them, as iii-http does', () => {
    expect(table(route('GET', '/users/{id}')).match('GET', '/users/7')).toMatchObject({ kind: 'found', pathParams: {} })
  })

  it('prefers static segments over parameters, leftmost first', () => {
    const t = table(route('GET', '/users/:id', 'param'), route('GET', '/users/me', 'static'), route('GET', '/:any/me', 'leading-param'))
    expect(t.match('GET', '/users/me')).toMatchObject({ route: { triggerId: 'static' } })
    expect(t.match('GET', '/users/7')).toMatchObject({ route: { triggerId: 'param' } })
    expect(t.match('GET', '/teams/me')).toMatchObject({ route: { triggerId: 'leading-param' } })
  })

  it('answers method-not-allowed with the bound methods of the matched path, in a fixed order', () => {
    const t = table(route('POST', 'x'), route('GET', '/x'), route('DELETE', 'y'))
    expect(t.match('PUT', '/x')).toEqual({ kind: 'method-not-allowed', allow: ['GET', 'POST'] })
  })

  it('compares methods case-insensitively', () => {
    expect(table(route('POST', 'x')).match('post', '/x')).toMatchObject({ kind: 'found' })
  })

  it('never serves a route whose method iii-http does not route', () => {
    expect(table(route('PROPFIND', 'dav')).match('PROPFIND', '/dav')).toEqual({ kind: 'not-found' })
  })
})

describe('RouteTable.add and remove', () => {
  it('replaces a route of the same key: the later binding wins', () => {
    const t = table(route('POST', 'skills/rpc', 'first'), route('POST', '/skills/rpc', 'second'))
    expect(t.size).toBe(1)
    expect(t.match('POST', '/skills/rpc')).toMatchObject({ route: { triggerId: 'second', apiPath: '/skills/rpc' } })
  })

  it('refuses a route whose shape equals another of the same method, keeping the first', () => {
    const t = table(route('GET', '/users/:id', 'first'))
    expect(() => t.add(route('GET', 'users/:name', 'second'))).toThrow(
      "Route 'GET users/:name' conflicts with already-registered route 'GET /users/:id': " +
        'routes with identical structure but different path-parameter names are not supported',
    )
    expect(t.match('GET', '/users/1')).toMatchObject({ route: { triggerId: 'first' }, pathParams: { id: '1' } })
    expect(() => t.add(route('POST', 'users/:name', 'other-method'))).not.toThrow()
  })

  it('removes a route only for the binding that owns it', () => {
    const t = table(route('POST', 'skills/rpc', 'first'), route('POST', 'skills/rpc', 'second'))
    expect(t.remove('first', 'POST', 'skills/rpc')).toBe(false)
    expect(t.size).toBe(1)
    expect(t.remove('second', 'post', '/skills/rpc')).toBe(true)
    expect(t.match('POST', '/skills/rpc')).toEqual({ kind: 'not-found' })
  })
})
