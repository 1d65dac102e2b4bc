/**
 * `skill::search` through the engine (the embedded one, or III_ENGINE_WS_URL): state and fs skills
 * in one ranking, shadowing, and E3's contract under change — a register, unregister or file edit
 * shows in the very next search; another client's direct `state::set` shows within the staleness
 * bound; and while writers keep rewriting skills, no search ever answers from a row older than
 * that contract allows.
 */
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { registerWorker, type IIIClient } from 'iii-sdk'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FUNCTION_BY_ID } from '../../src/functions/registry.js'
import { SKILLS_DIR, startTestEnvironment, type TestEnvironment } from '../support/engine.js'
import { pollUntil } from '../support/poll.js'
import { SDK_OPTIONS } from '../support/sdk-client.js'

interface Result { uri: string; id: string; title: string; description?: string; score: number; snippet: string }
interface Answer { results: Result[] }

/** `cache.max_staleness_ms`' default: the latest another client's write may show in a listing. */
const STALENESS_BOUND_MS = 1000

let env: TestEnvironment
let writer: IIIClient

const search = (payload: Record<string, unknown>) => env.call<Answer>('skill::search', payload)
const ids = (answer: Answer) => answer.results.map((r) => r.id)
const register = (id: string, skill: string) => env.call('skills::register', { id, skill })
const direct = (id: string, skill: string) =>
  writer.trigger({ function_id: 'state::set', payload: { scope: 'skills', key: id, value: { id, skill, registered_at: new Date().toISOString() } }, timeoutMs: 5000 })
const fsFile = (name: string) => join(env.tempRoot, SKILLS_DIR, name)

beforeAll(async () => {
  env = await startTestEnvironment()
  writer = registerWorker(env.url, SDK_OPTIONS)
})

afterAll(async () => {
  await writer.shutdown()
  await env.close()
})

beforeEach(async () => {
  await env.wipeScopes()
  await env.wipeFsDirs()
})

describe('skill::search through the engine', () => {
  it('is a public function with the published formats of its zod schemas', async () => {
    const listed = await env.call<{ functions: Array<{ function_id: string; request_format?: unknown; response_format?: unknown; metadata?: unknown }> }>(
      'engine::functions::list', {})
    const fn = listed.functions.find((f) => f.function_id === 'skill::search')
    const spec = FUNCTION_BY_ID.get('skill::search')
    expect(fn?.request_format).toEqual(spec?.request_format)
    expect(fn?.response_format).toEqual(spec?.response_format)
    // Public, like the other extension functions: no metadata.
    expect(fn?.metadata ?? {}).toEqual({})
  })

  it('ranks state and fs skills together', async () => {
    await register('billing', '# Billing\n\nRefund paid invoices.\n\n## Refunds\n\nRefunds need a reason.\n')
    await writeFile(fsFile('returns.md'), '---\nname: returns\n---\n# Returns\n\nA refund takes five days.\n')
    await register('unrelated', '# Unrelated\n\nNothing here.\n')
    expect(await search({ query: 'refunds' })).toEqual({
      results: [
        { uri: 'iii://billing', id: 'billing', title: 'Billing', description: 'Refund paid invoices.', score: expect.any(Number), snippet: 'Billing Refund paid invoices. Refunds Refunds need a reason.', tokens: 17 },
        { uri: 'iii://returns', id: 'returns', title: 'Returns', description: 'A refund takes five days.', score: expect.any(Number), snippet: 'Returns A refund takes five days.', tokens: 9 },
      ],
    })
  })

  it('never finds a shadowed fs skill, and finds it again once the state row is gone', async () => {
    await writeFile(fsFile('dup.md'), '# Dup file\n\nThe file speaks of walnuts.\n')
    expect(ids(await search({ query: 'walnuts' }))).toEqual(['dup'])
    await register('dup', '# Dup row\n\nThe row speaks of hazelnuts.\n')
    expect(await search({ query: 'walnuts' })).toEqual({ results: [] })
    expect((await search({ query: 'hazelnuts' })).results.map((r) => [r.id, r.title])).toEqual([['dup', 'Dup row']])
    await env.call('skills::unregister', { id: 'dup' })
    expect((await search({ query: 'walnuts' })).results.map((r) => [r.id, r.title])).toEqual([['dup', 'Dup file']])
    expect(await search({ query: 'hazelnuts' })).toEqual({ results: [] })
  })

  it('shows a register, a re-register, an unregister and file changes in the very next search', async () => {
    await register('fruit', '# Fruit\n\nAll about apples.\n')
    expect(ids(await search({ query: 'apples' }))).toEqual(['fruit'])
    await register('fruit', '# Fruit\n\nAll about pears.\n')
    expect(ids(await search({ query: 'apples' }))).toEqual([])
    expect(ids(await search({ query: 'pears' }))).toEqual(['fruit'])
    await env.call('skills::unregister', { id: 'fruit' })
    expect(ids(await search({ query: 'pears' }))).toEqual([])

    await writeFile(fsFile('veg.md'), '# Veg\n\nAll about leeks.\n')
    expect(ids(await search({ query: 'leeks' }))).toEqual(['veg'])
    await writeFile(fsFile('veg.md'), '# Veg\n\nAll about onions.\n')
    expect(ids(await search({ query: 'leeks' }))).toEqual([])
    expect(ids(await search({ query: 'onions' }))).toEqual(['veg'])
    await rm(fsFile('veg.md'))
    expect(ids(await search({ query: 'onions' }))).toEqual([])
  })

  it('shows another client\'s direct state::set and state::delete within the staleness bound', async () => {
    await search({ query: 'anything' })
    await direct('direct', '# Direct\n\nWritten around the worker: quinces.\n')
    await pollUntil(async () => expect(ids(await search({ query: 'quinces' }))).toEqual(['direct']),
      { timeoutMs: STALENESS_BOUND_MS, intervalMs: 20, what: 'the direct write in search results' })
    await direct('direct', '# Direct\n\nRewritten around the worker: medlars.\n')
    await pollUntil(async () => expect(ids(await search({ query: 'quinces medlars' }))).toEqual(['direct']),
      { timeoutMs: STALENESS_BOUND_MS, intervalMs: 20, what: 'the rewrite in search results' })
    expect((await search({ query: 'medlars' })).results[0]?.snippet).toBe('Direct Rewritten around the worker: medlars.')
    await writer.trigger({ function_id: 'state::delete', payload: { scope: 'skills', key: 'direct' }, timeoutMs: 5000 })
    await pollUntil(async () => expect(ids(await search({ query: 'medlars' }))).toEqual([]),
      { timeoutMs: STALENESS_BOUND_MS, intervalMs: 20, what: 'the delete in search results' })
  })

  it('answers the input errors with texts that name the field', async () => {
    await expect(search({})).rejects.toThrow('missing field `query`')
    await expect(search({ query: '  ' })).rejects.toThrow('invalid value for field `query`: must not be blank')
    await expect(search({ query: 'x', limit: 0 })).rejects.toThrow('invalid value for field `limit`: must be an integer from 1 to 100')
    await expect(search({ query: 'x', under: 'A' })).rejects.toThrow('invalid value for field `under`:')
  })
})

/**
 * Two writers keep rewriting one skill each: `mine` through this worker's skills::register, `theirs`
 * straight into state. Version k of a body holds the words `mineNNNN` (or `theirNNNN`) for every
 * version up to k, so a search for version k's word finds the skill exactly when the index holds
 * version k or newer. Searchers check, call after call, that the index and the served text are
 * never older than the last version acknowledged before the call (for `theirs`: before the call
 * minus the staleness bound).
 */
describe('skill::search while writers rewrite skills', () => {
  const VERSIONS = 40
  const word = (prefix: string, k: number) => `${prefix}${String(k).padStart(4, '0')}`
  const body = (prefix: string, k: number) =>
    `# ${prefix} version ${k}\n\n${Array.from({ length: k + 1 }, (_, j) => word(prefix, j)).join(' ')}\n`
  /** The version of the body the result was served from (its title). */
  const versionOf = (result: Result | undefined) => Number(/ version (\d+)$/.exec(result?.title ?? '')?.[1] ?? -1)
  const pause = () => new Promise((resolve) => setTimeout(resolve, 40))

  it('never answers from a row older than E3 allows', async () => {
    const acked = { mine: [] as number[], theirs: [] as number[] } // acked[name][k] = time version k was acknowledged
    await register('mine', body('mine', 0))
    acked.mine[0] = Date.now()
    await direct('theirs', body('their', 0))
    acked.theirs[0] = Date.now()
    await pollUntil(async () => expect(ids(await search({ query: 'their0000' }))).toEqual(['theirs']),
      { timeoutMs: STALENESS_BOUND_MS, intervalMs: 20, what: 'the first direct write' })
    const latestBefore = (times: number[], t: number) => times.reduce((best, at, k) => (at <= t ? Math.max(best, k) : best), -1)

    let writing = true
    const writers = [
      (async () => {
        for (let k = 1; k < VERSIONS; k++) {
          await register('mine', body('mine', k))
          acked.mine[k] = Date.now()
          await pause()
        }
      })(),
      (async () => {
        for (let k = 1; k < VERSIONS; k++) {
          await direct('theirs', body('their', k))
          acked.theirs[k] = Date.now()
          await pause()
        }
      })(),
    ]
    const checked = { mine: 0, theirs: 0 }
    const searcher = async () => {
      while (writing) {
        const started = Date.now()
        const mine = latestBefore(acked.mine, started)
        const theirs = latestBefore(acked.theirs, started - STALENESS_BOUND_MS)
        const [a, b] = await Promise.all([search({ query: word('mine', mine) }), search({ query: word('their', Math.max(theirs, 0)) })])
        expect(ids(a)).toEqual(['mine'])
        expect(versionOf(a.results[0])).toBeGreaterThanOrEqual(mine)
        checked.mine++
        if (theirs >= 0) {
          expect(ids(b)).toEqual(['theirs'])
          expect(versionOf(b.results[0])).toBeGreaterThanOrEqual(theirs)
          checked.theirs++
        }
      }
    }
    const searchers = [searcher(), searcher(), searcher()]
    await Promise.all(writers)
    writing = false
    await Promise.all(searchers)
    // 40 versions 40 ms apart: over a second of writing, so both checks ran many times.
    expect(checked.mine).toBeGreaterThan(10)
    expect(checked.theirs).toBeGreaterThan(0)
    const final = await search({ query: `${word('mine', VERSIONS - 1)} ${word('their', VERSIONS - 1)}` })
    expect(ids(final).sort()).toEqual(['mine', 'theirs'].sort())
  })
})
