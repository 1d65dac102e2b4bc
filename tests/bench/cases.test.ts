import { describe, expect, it } from 'vitest'
import { CASES, casesAt, registryNeeded, type BenchCase } from './cases.js'
import { FS_FOLDERS, fsSkillId } from './fixtures.js'

const LADDER = [100, 1000, 10_000]
const keys = (size: number, only?: RegExp, ladder = LADDER) => casesAt(CASES, 'state', size, ladder, only).map((c) => c.key)

describe('casesAt', () => {
  it('measures each-size cases at every size, the smallest-size ones first, the largest-size ones last', () => {
    expect(keys(100)).toEqual(['register', 'index@100', 'list@100', 'resources-list@100'])
    expect(keys(1000)).toEqual(['index@1000', 'list@1000', 'resources-list@1000'])
    expect(keys(10_000)).toEqual(['index@10000', 'list@10000', 'resources-list@10000', 'read', 'fetch10', 'outline', 'page', 'mcp-get'])
  })

  it('keeps the fs cases to the fs trees', () => {
    expect(casesAt(CASES, 'fs', 1000, [1000, 10_000]).map((c) => c.key)).toEqual(['fs-index@1000', 'fs-list@1000', 'fs-read@1000'])
  })

  it('treats a one-size ladder as both smallest and largest', () => {
    expect(keys(100, undefined, [100])).toEqual(['register', 'index@100', 'list@100', 'resources-list@100', 'read', 'fetch10', 'outline', 'page', 'mcp-get'])
  })

  it('filters by --only on the key', () => {
    expect(keys(10_000, /list@|^read$/)).toEqual(['list@10000', 'resources-list@10000', 'read'])
  })

  it('gives each case the payload for the size it runs at', () => {
    const read = casesAt(CASES, 'fs', 10_000, [1000, 10_000], /fs-read/)[0]!
    expect(read.spec.payload(read.size)).toEqual({ uri: 'iii://team-50/skill-05000' })
    const fetch = casesAt(CASES, 'state', 10_000, LADDER, /fetch10/)[0]!
    expect((fetch.spec.payload(fetch.size) as { uris: string[] }).uris.slice(0, 3)).toEqual(['iii://skill-00000', 'iii://skill-01000', 'iii://skill-02000'])
  })

  it('takes a new case from one more line', () => {
    const search: BenchCase = { id: 'search', label: 'skill::search', registry: 'state', at: 'each', functionId: 'skill::search', payload: () => ({ query: 'x' }) }
    expect(casesAt([...CASES, search], 'state', 1000, LADDER).map((c) => c.key)).toContain('search@1000')
  })
})

describe('registryNeeded', () => {
  it('is true when any case of the registry is selected at any size', () => {
    expect(registryNeeded(CASES, 'fs', [1000, 10_000])).toBe(true)
    expect(registryNeeded(CASES, 'fs', [1000, 10_000], /fs-read@10000/)).toBe(true)
    expect(registryNeeded(CASES, 'fs', [1000, 10_000], /^list@/)).toBe(false)
    expect(registryNeeded(CASES, 'fs', [])).toBe(false)
  })
})

describe('fsSkillId', () => {
  it('spreads a tree over 100 folders of consecutive skills', () => {
    expect(FS_FOLDERS).toBe(100)
    expect(fsSkillId(0, 10_000)).toBe('team-00/skill-00000')
    expect(fsSkillId(9999, 10_000)).toBe('team-99/skill-09999')
    expect(fsSkillId(42, 1000)).toBe('team-04/skill-00042')
    expect(new Set(Array.from({ length: 1000 }, (_, i) => fsSkillId(i, 1000).split('/')[0])).size).toBe(100)
  })
})
