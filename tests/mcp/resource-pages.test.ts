import { describe, expect, it } from 'vitest'
import { RpcError } from '../../src/mcp/jsonrpc.js'
import { pageOf, RESOURCES_PAGE } from '../../src/mcp/resource-pages.js'

const listing = (n: number) => ({ resources: Array.from({ length: n }, (_, i) => ({ uri: `iii://s${i}` })) })
const uris = (page: { resources?: unknown }) => (page.resources as Array<{ uri: string }>).map((r) => r.uri)

describe('pageOf: resources/list in pages of at most 500 (E12.6)', () => {
  it('answers a short listing whole, without nextCursor', () => {
    expect(pageOf(listing(3), {})).toEqual(listing(3))
  })

  it('walks 1,201 entries in three pages, each entry once, in order', () => {
    const first = pageOf(listing(1201), {})
    const second = pageOf(listing(1201), { cursor: first.nextCursor })
    const third = pageOf(listing(1201), { cursor: second.nextCursor })
    expect([uris(first).length, uris(second).length, uris(third).length, third.nextCursor]).toEqual([RESOURCES_PAGE, RESOURCES_PAGE, 201, undefined])
    expect([...uris(first), ...uris(second), ...uris(third)]).toEqual(uris(listing(1201)))
  })

  it('keeps the listing\'s other fields', () => {
    expect(pageOf({ ...listing(1), extra: 1 }, { cursor: null })).toEqual({ ...listing(1), extra: 1 })
  })

  it.each([['not-base64!'], [Buffer.from('r:abc').toString('base64url')], [Buffer.from('r:0').toString('base64url')], [Buffer.from('r:9999').toString('base64url')], [42]])(
    'refuses the cursor %j with -32602 Invalid cursor',
    (cursor) => {
      const error = (() => {
        try {
          pageOf(listing(600), { cursor })
        } catch (e) {
          return e
        }
      })()
      expect(error).toBeInstanceOf(RpcError)
      expect([(error as RpcError).code, (error as RpcError).message]).toEqual([-32602, 'Invalid cursor'])
    },
  )
})
