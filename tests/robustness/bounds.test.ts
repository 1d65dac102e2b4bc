import type { IIIClient } from 'iii-sdk'
import { describe, expect, it } from 'vitest'
import '../support/no-unhandled.js'
import { DEFAULT_CONFIG } from '../../src/core/config-types.js'
import { SkillsError } from '../../src/core/errors.js'
import { sortedPrettyJson } from '../../src/core/json.js'
import {
  FETCH_CONCURRENCY, MAX_ERROR_TEXT_UNITS, MAX_IN_FLIGHT_PER_FUNCTION, MAX_PAYLOAD_BYTES,
} from '../../src/core/limits.js'
import * as msg from '../../src/core/messages.js'
import { StateStore } from '../../src/engine/state-store.js'
import { invokeBounded } from '../../src/functions/bounded-invoke.js'
import type { Deps } from '../../src/functions/deps.js'
import { fetchSkills } from '../../src/functions/fetch.js'
import { guardResponse, truncateUnits } from '../../src/functions/response-guard.js'
import { inFlightCount } from '../support/in-flight.js'

/** Deps for code paths that only trigger functions (sections, prompt handlers). */
function invokeOnlyDeps(invoke: Deps['invoke']): Deps {
  return { config: DEFAULT_CONFIG, invoke } as unknown as Deps
}

interface Gate {
  release(value?: unknown): void
  fail(error: Error): void
}

/** An invoke whose calls wait until the test releases them, recording ids and peak concurrency. */
function gatedInvoke() {
  const gates: Gate[] = []
  const ids: string[] = []
  let running = 0
  let peak = 0
  const invoke = (functionId: string) => new Promise<unknown>((resolve, reject) => {
    ids.push(functionId)
    running++
    peak = Math.max(peak, running)
    const done = () => { running-- }
    gates.push({ release: (value) => { done(); resolve(value) }, fail: (error) => { done(); reject(error) } })
  })
  return { invoke, gates, ids, peak: () => peak }
}

const flush = () => new Promise((resolve) => setImmediate(resolve))

async function thrownBy(act: () => Promise<unknown>): Promise<unknown> {
  try {
    await act()
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

describe('guardResponse', () => {
  const handlerOf = (result: () => unknown) => guardResponse(async () => result())

  it.each([
    ['an object', { skills: [] }],
    ['a string just under the payload cap', 'x'.repeat(MAX_PAYLOAD_BYTES - 2)],
    ['nothing', undefined],
  ])('passes %s through unchanged', async (_case, value) => {
    expect(await handlerOf(() => value)(undefined, invokeOnlyDeps(async () => null))).toBe(value)
  })

  it('refuses a result whose JSON is one byte over the cap', async () => {
    const error = await thrownBy(() => handlerOf(() => 'x'.repeat(MAX_PAYLOAD_BYTES - 1))(undefined, invokeOnlyDeps(async () => null)))
    expect(error).toEqual(new SkillsError(msg.responseTooLarge(MAX_PAYLOAD_BYTES)))
  })

  it('counts JSON escapes and UTF-8 bytes, not characters', async () => {
    const quotes = '"'.repeat(MAX_PAYLOAD_BYTES / 2) // 2 bytes each once escaped, plus the 2 enclosing quotes
    const error = await thrownBy(() => handlerOf(() => quotes)(undefined, invokeOnlyDeps(async () => null)))
    expect((error as Error).message).toBe(msg.responseTooLarge(MAX_PAYLOAD_BYTES))
  })

  it('rethrows an error of sendable size as the very same object', async () => {
    const original = new SkillsError('e'.repeat(MAX_ERROR_TEXT_UNITS))
    const guarded = guardResponse(async () => { throw original })
    expect(await thrownBy(() => guarded(undefined, invokeOnlyDeps(async () => null)))).toBe(original)
  })

  it.each([
    ['an Error', (text: string) => new Error(text)],
    ['a thrown string', (text: string) => text],
  ])('cuts the text of %s one unit over the limit and reports its full size', async (_case, make) => {
    const text = `${'é'.repeat(MAX_ERROR_TEXT_UNITS)}!`
    const guarded = guardResponse(async () => { throw make(text) })
    const error = await thrownBy(() => guarded(undefined, invokeOnlyDeps(async () => null)))
    expect(error).toBeInstanceOf(SkillsError)
    expect((error as Error).message).toBe(msg.errorTextTruncated('é'.repeat(MAX_ERROR_TEXT_UNITS), 2 * MAX_ERROR_TEXT_UNITS + 1))
  })

  it('never cuts a surrogate pair in half', () => {
    expect(truncateUnits('ab\u{1f600}c', 3)).toBe('ab')
    expect(truncateUnits('ab\u{1f600}c', 4)).toBe('ab\u{1f600}')
    expect(truncateUnits('abc', 5)).toBe('abc')
  })
})

describe('invokeBounded', () => {
  it(`lets ${MAX_IN_FLIGHT_PER_FUNCTION} calls wait on one function, refuses the next, and frees slots as calls settle`, async () => {
    const gated = gatedInvoke()
    const deps = invokeOnlyDeps(gated.invoke)
    const waiting = Array.from({ length: MAX_IN_FLIGHT_PER_FUNCTION }, () => invokeBounded(deps, 'busy::fn', {}))
    const refused = await thrownBy(() => invokeBounded(deps, 'busy::fn', {}))
    expect(refused).toEqual(new SkillsError(msg.inFlightLimit(MAX_IN_FLIGHT_PER_FUNCTION)))
    expect(gated.ids).toHaveLength(MAX_IN_FLIGHT_PER_FUNCTION)

    const other = invokeBounded(deps, 'other::fn', {})
    expect(gated.ids.at(-1)).toBe('other::fn')

    gated.gates[0]?.release('first')
    gated.gates[1]?.fail(new Error('second failed'))
    await expect(waiting[0]).resolves.toBe('first')
    await expect(waiting[1]).rejects.toThrow('second failed')
    expect(inFlightCount(deps, 'busy::fn')).toBe(MAX_IN_FLIGHT_PER_FUNCTION - 2)
    const admitted = invokeBounded(deps, 'busy::fn', {})
    await flush()
    expect(gated.ids.filter((id) => id === 'busy::fn')).toHaveLength(MAX_IN_FLIGHT_PER_FUNCTION + 1)

    for (const gate of gated.gates.slice(2)) gate.release('ok')
    await Promise.all([...waiting.slice(2), other, admitted])
    expect(inFlightCount(deps, 'busy::fn')).toBe(0)
    expect(inFlightCount(deps, 'other::fn')).toBe(0)
  })

  it('counts per worker: another Deps has its own slots', async () => {
    const first = gatedInvoke()
    const firstDeps = invokeOnlyDeps(first.invoke)
    const calls = Array.from({ length: MAX_IN_FLIGHT_PER_FUNCTION }, () => invokeBounded(firstDeps, 'busy::fn', {}))
    await expect(invokeBounded(invokeOnlyDeps(async () => 'free'), 'busy::fn', {})).resolves.toBe('free')
    for (const gate of first.gates) gate.release()
    await Promise.all(calls)
  })

  it('refuses a request that would not fit in one engine frame without sending it', async () => {
    const sent: string[] = []
    const deps = invokeOnlyDeps(async (functionId) => { sent.push(functionId) })
    const payload = { text: 'p'.repeat(MAX_PAYLOAD_BYTES) }
    const bytes = Buffer.byteLength(JSON.stringify(payload)) + 'big::fn'.length
    expect(await thrownBy(() => invokeBounded(deps, 'big::fn', payload)))
      .toEqual(new SkillsError(msg.requestTooLarge('big::fn', bytes, MAX_PAYLOAD_BYTES)))
    expect(sent).toEqual([])
    expect(inFlightCount(deps, 'big::fn')).toBe(0)
  })
})

describe('StateStore', () => {
  it('refuses a state call that would not fit in one engine frame without sending it', async () => {
    const sent: unknown[] = []
    const iii = { trigger: async (request: unknown) => { sent.push(request) } } as unknown as IIIClient
    const store = new StateStore(iii, 1000)
    const value = { description: 'd'.repeat(MAX_PAYLOAD_BYTES) }
    const bytes = Buffer.byteLength(JSON.stringify({ scope: 'prompts', key: 'p', value }))
    await expect(store.set('prompts', 'p', value)).rejects.toThrow(msg.requestTooLarge('state::set', bytes, MAX_PAYLOAD_BYTES))
    await store.set('prompts', 'p', { description: 'small' })
    expect(sent).toEqual([{ function_id: 'state::set', payload: { scope: 'prompts', key: 'p', value: { description: 'small' } }, timeoutMs: 1000 }])
  })
})

describe('fetchSkills', () => {
  it(`resolves at most ${FETCH_CONCURRENCY} URIs at once, in input order`, async () => {
    const gated = gatedInvoke()
    const uris = Array.from({ length: 20 }, (_, i) => `iii://fn/t/s${i}`)
    const fetching = fetchSkills({ uris }, invokeOnlyDeps(gated.invoke))
    for (let released = 0; released < uris.length; released++) {
      await flush()
      gated.gates[released]?.release(`body ${released}`)
    }
    expect(await fetching).toBe(uris.map((uri, i) => `# ${uri}\n\nbody ${i}`).join('\n\n---\n\n'))
    expect(gated.ids).toEqual(uris.map((_, i) => `t::s${i}`))
    expect(gated.peak()).toBe(FETCH_CONCURRENCY)
  })

  it('stops at the batch holding the first failure: later URIs are never resolved', async () => {
    const ids: string[] = []
    const deps = invokeOnlyDeps(async (functionId) => {
      ids.push(functionId)
      if (functionId === 't::s2') throw new Error('broken')
      return 'fine'
    })
    const uris = Array.from({ length: 3 * FETCH_CONCURRENCY }, (_, i) => `iii://fn/t/s${i}`)
    expect(await thrownBy(() => fetchSkills({ uris }, deps))).toEqual(new SkillsError('trigger t::s2: broken'))
    expect(ids).toEqual(uris.slice(0, FETCH_CONCURRENCY).map((_, i) => `t::s${i}`))
  })

  it('fails with the response budget once the joined text passes it, without resolving the rest', async () => {
    const ids: string[] = []
    const chunk = 'c'.repeat(4 * 1024 * 1024)
    const deps = invokeOnlyDeps(async (functionId) => { ids.push(functionId); return chunk })
    const uris = Array.from({ length: 100 }, (_, i) => `iii://fn/t/s${i}`)
    expect(await thrownBy(() => fetchSkills({ uris }, deps))).toEqual(new SkillsError(msg.responseTooLarge(MAX_PAYLOAD_BYTES)))
    expect(ids).toHaveLength(FETCH_CONCURRENCY)
  })
})

describe('sortedPrettyJson budget', () => {
  it.each([
    ['a scalar', 42],
    ['nested arrays and objects', { b: [1, { c: null, a: [] }], a: { x: 'é"\n' }, e: {} }],
    ['a deep array', [[[[[['leaf']]]]]]],
  ])('fits %s in exactly its own length and refuses one unit less', (_case, value) => {
    const text = sortedPrettyJson(value, Number.POSITIVE_INFINITY)
    expect(sortedPrettyJson(value, text.length)).toBe(text)
    expect(() => sortedPrettyJson(value, text.length - 1)).toThrow(msg.responseTooLarge(text.length - 1))
  })

  it('refuses 100 levels around 200,000 items before building any of the gigabyte-sized text', () => {
    let value: unknown = new Array(200_000).fill(0)
    for (let i = 0; i < 100; i++) value = [value]
    const started = Date.now()
    expect(() => sortedPrettyJson(value, MAX_PAYLOAD_BYTES)).toThrow(msg.responseTooLarge(MAX_PAYLOAD_BYTES))
    expect(Date.now() - started).toBeLessThan(500)
  })
})
