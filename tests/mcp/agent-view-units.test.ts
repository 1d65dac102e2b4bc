/** The pure parts of E12.2, E12.6 and E12.7 in src/mcp: cache hints, tool faces, skill ids, completions, error texts. */
import { InvocationError } from 'iii-sdk'
import { describe, expect, it } from 'vitest'
import { errorText, isAbsentFunction } from '../../src/mcp/backend-errors.js'
import { cacheFields } from '../../src/mcp/cache-hints.js'
import { complete } from '../../src/mcp/completions.js'
import { idsOf, SkillIds } from '../../src/mcp/skill-ids.js'
import { toolFace } from '../../src/mcp/tool-faces.js'

describe('cacheFields (E12.2)', () => {
  it.each([
    ['resources/list', { ttlMs: 1000, scope: 'public' }, { ttlMs: 1000, cacheScope: 'public' }],
    ['skills/get', { ttlMs: 250, scope: 'private' }, { ttlMs: 250, cacheScope: 'private' }],
    ['resources/read', undefined, { ttlMs: 0, cacheScope: 'private' }],
    ['tools/call', { ttlMs: 1000, scope: 'public' }, {}],
    ['completion/complete', { ttlMs: 1000, scope: 'public' }, {}],
  ] as const)('%s with the policy %o => %o', (method, policy, fields) => {
    expect(cacheFields(method, policy)).toEqual(fields)
  })
})

describe('toolFace (E12.6)', () => {
  it.each([
    [{ function_id: 'skill::search' }, { title: 'Search skills', annotations: { readOnlyHint: true, idempotentHint: true } }],
    [{ function_id: 'skill::fetch', metadata: { tool: { label: 'Fetch skill' } } }, { title: 'Fetch skill', annotations: { readOnlyHint: true, idempotentHint: true } }],
    [{ function_id: 'billing::refund', metadata: { tool: { label: 'Refund an order' } } }, { title: 'Refund an order' }],
    [{ function_id: 'billing::refund' }, {}],
  ])('%o => %o', (fn, face) => {
    expect(toolFace(fn)).toEqual(face)
  })
})

describe('skill ids and their completions (E12.6)', () => {
  const listing = { resources: [{ uri: 'iii://skills' }, { uri: 'iii://code-review' }, { uri: 'iii://commit-message' }, { uri: 'iii://acme/billing' }, { uri: 'iii://fn/acme/status' }, { uri: 'https://elsewhere' }] }
  const backend = { invoke: async () => listing, listFunctions: async () => [] }

  it('reads the ids of iii:// skills, not the index, sections or other schemes', () => {
    expect(idsOf(listing)).toEqual(['code-review', 'commit-message', 'acme/billing'])
  })

  it.each([
    [{ ref: { type: 'ref/prompt', name: 'skill' }, argument: { name: 'name', value: 'co' } }, ['code-review', 'commit-message']],
    [{ ref: { type: 'ref/resource', uri: 'iii://{skill_id}' }, argument: { name: 'skill_id', value: 'acme/' } }, ['acme/billing']],
    [{ ref: { type: 'ref/prompt', name: 'skill' }, argument: { name: 'name', value: '' } }, ['code-review', 'commit-message', 'acme/billing']],
    [{ ref: { type: 'ref/prompt', name: 'write-skill' }, argument: { name: 'name', value: 'co' } }, []],
    [{ ref: { type: 'ref/resource', uri: 'iii://fn/{function_path}' }, argument: { name: 'function_path', value: '' } }, []],
  ])('completes %o with %o', async (params, values) => {
    expect(await complete(params, new SkillIds(backend))).toEqual({ completion: { values, total: values.length, hasMore: false } })
  })

  it('counts the skills from one entry of the paged listing, or from the ids of a worker without it', async () => {
    const asked: Array<[string, unknown]> = []
    const paged = new SkillIds({
      invoke: async (functionId: string, data: unknown) => {
        asked.push([functionId, data])
        return { resources: [{ uri: 'iii://skills' }], total: 10_001 }
      },
      listFunctions: async () => [],
    })
    expect(await paged.count()).toBe(10_000)
    expect(asked).toEqual([['skills::mcp-resources-list', { offset: 0, limit: 1 }]])
    const upstream = new SkillIds({
      invoke: async (functionId: string) => {
        if (functionId === 'skills::mcp-resources-list') throw new Error('function_not_found')
        return listing
      },
      listFunctions: async () => [],
    })
    expect(await upstream.count()).toBe(3)
  })

  it('sends at most 100 values and says how many there are', async () => {
    const many = { resources: Array.from({ length: 150 }, (_, i) => ({ uri: `iii://s${String(i).padStart(3, '0')}` })) }
    const result = await complete({ ref: { type: 'ref/prompt', name: 'skill' }, argument: { name: 'name', value: 's' } }, new SkillIds({ invoke: async () => many, listFunctions: async () => [] }))
    expect([result.completion]).toEqual([{ values: many.resources.slice(0, 100).map((r) => r.uri.slice('iii://'.length)), total: 150, hasMore: true }])
  })
})

describe('errorText and isAbsentFunction (E12.7)', () => {
  const failed = new InvocationError({ code: 'invocation_failed', message: 'Skill not found: x' })
  const missing = new InvocationError({ code: 'function_not_found', message: 'Function skills::resources-read not found' })

  it.each([
    [failed, 'full', 'Skill not found: x'],
    [failed, 'bridge', 'remote error (invocation_failed): Skill not found: x'],
    [new Error('engine down'), 'full', 'engine down'],
  ] as const)('reads %s on the %s profile as %j', (error, profile, text) => {
    expect(errorText(error, profile)).toBe(text)
  })

  it('tells a missing function from a function that said "not found"', () => {
    expect([isAbsentFunction(missing), isAbsentFunction(failed), isAbsentFunction(new Error('no such function: a::b'))]).toEqual([true, false, true])
  })
})
