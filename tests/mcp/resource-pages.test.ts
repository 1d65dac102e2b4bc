import { describe, expect, it } from 'vitest'
import { RpcError } from '../../src/mcp/jsonrpc.js'
import { pagedResourceList, pageOf, RESOURCES_PAGE, type IiiPart, type ListingHint, type SkillMdPart } from '../../src/mcp/resource-pages.js'

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

describe('pagedResourceList: each page read part by part from the worker (E12.6)', () => {
  const iiiUris = Array.from({ length: 700 }, (_, i) => `iii://s${String(i).padStart(4, '0')}`)
  const skillMdUris = Array.from({ length: 400 }, (_, i) => `skill://s${String(i).padStart(4, '0')}/SKILL.md`)
  const asked: string[] = []
  const paging: IiiPart = async (offset, limit) => {
    asked.push(`iii ${offset}+${limit}`)
    return { resources: iiiUris.slice(offset, offset + limit).map((uri) => ({ uri })), total: iiiUris.length, rest: {} }
  }
  const whole: IiiPart = async () => ({ resources: iiiUris.map((uri) => ({ uri })), rest: {} })
  const skillMds: SkillMdPart = async (after, limit) => {
    asked.push(`skill-md after ${after ?? '-'} ${limit}`)
    const from = after === undefined ? 0 : skillMdUris.indexOf(after) + 1
    return { resources: skillMdUris.slice(from, from + limit).map((uri) => ({ uri })), more: from + limit < skillMdUris.length }
  }

  async function walk(iii: IiiPart, hint?: ListingHint): Promise<Array<Awaited<ReturnType<typeof pagedResourceList>>>> {
    const pages = [await pagedResourceList({}, iii, skillMds, hint)]
    while (pages.at(-1)!.nextCursor !== undefined) pages.push(await pagedResourceList({ cursor: pages.at(-1)!.nextCursor }, iii, skillMds, hint))
    return pages
  }

  it('serves every entry once, in order, 500 a page, asking the worker only for each page', async () => {
    asked.length = 0
    const pages = await walk(paging)
    expect(pages.map((p) => uris(p).length)).toEqual([500, 500, 100])
    expect(pages.flatMap(uris)).toEqual([...iiiUris, ...skillMdUris])
    expect(asked).toEqual(['iii 0+500', 'iii 500+500', `skill-md after - 300`, `skill-md after ${skillMdUris[299]} 500`])
  })

  it('asks for the SKILL.md part with the iii:// part on the page the hint says ends it, serving the same pages', async () => {
    const plain = await walk(paging)
    const hint: ListingHint = {}
    await walk(paging, hint)
    expect(hint.iiiTotal).toBe(iiiUris.length)
    asked.length = 0
    const hinted = await walk(paging, hint)
    expect(hinted).toEqual(plain)
    // The second page reaches the end of the iii:// part: both parts asked before either answered.
    expect(asked).toEqual(['iii 0+500', 'skill-md after - 500', 'iii 500+500', `skill-md after ${skillMdUris[299]} 500`])
  })

  it('serves the same pages when the hint is wrong, dropping the answer it asked for too early', async () => {
    const plain = await walk(paging)
    asked.length = 0
    expect(await walk(paging, { iiiTotal: 10 })).toEqual(plain)
    expect(asked.filter((a) => a === 'skill-md after - 500')).toHaveLength(2)
  })

  it('pages a worker that answers the whole iii:// list (no total) the same way', async () => {
    expect((await walk(whole)).flatMap(uris)).toEqual([...iiiUris, ...skillMdUris])
  })

  it('refuses a skill-md cursor that names no skill:// URI', async () => {
    const cursor = Buffer.from('s:iii://x').toString('base64url')
    await expect(pagedResourceList({ cursor }, paging, skillMds)).rejects.toMatchObject({ code: -32602, message: 'Invalid cursor' })
    await expect(pagedResourceList({ cursor: Buffer.from('r:9999').toString('base64url') }, paging, skillMds)).rejects.toMatchObject({ code: -32602 })
  })
})
