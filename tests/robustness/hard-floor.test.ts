import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import '../support/no-unhandled.js'
import { HARD_FLOOR_PREFIXES } from '../../src/core/hidden.js'
import { MAX_IN_FLIGHT_PER_FUNCTION } from '../../src/core/limits.js'
import * as msg from '../../src/core/messages.js'
import { ECHO_HANDLER, seedBaseline } from './fixtures.js'
import { expectRegistryUnchanged, sleep, startRobustEnv, type RobustEnv } from './harness.js'
import { inFlightCount } from '../support/in-flight.js'

let env: RobustEnv
let invoked: MockInstance<(functionId: string, payload: unknown) => Promise<unknown>>

beforeAll(async () => {
  env = await startRobustEnv({ stateTimeoutMs: 3000 })
  await seedBaseline(env)
})

afterAll(async () => env?.close())

// Every function id the worker asks the engine to run on a caller's behalf (sections, prompt handlers).
beforeEach(() => {
  invoked = vi.spyOn(env.worker.deps, 'invoke')
})

afterEach(() => {
  invoked.mockRestore()
})

const invokedIds = () => invoked.mock.calls.map(([functionId]) => functionId)
const SEGMENT_CHARS = "segment may only contain lowercase ASCII letters, digits, '-' and '_'"

/** Reads `uri` through resources-read and fetch; both must fail with `error`, nothing invoked, nothing written. */
async function expectRefused(uri: string, readError: string, fetchError = readError): Promise<void> {
  await expectRegistryUnchanged(env, async () => {
    expect(await env.failure('skills::resources-read', { uri })).toBe(readError)
    expect(await env.failure('skill::fetch', { uri })).toBe(fetchError)
    expect(await env.failure('skills::fetch_skill', { uris: [uri] })).toBe(fetchError)
  })
  expect(invokedIds()).toEqual([])
}

describe('section URIs cannot name an internal function', () => {
  it.each([
    ['iii://fn/engine/functions/list', 'engine::functions::list'],
    ['iii://fn/state/set', 'state::set'],
    ['iii://fn/state/get', 'state::get'],
    ['iii://fn/state/list', 'state::list'],
    ['iii://fn/state/delete', 'state::delete'],
    ['iii://fn/stream/get', 'stream::get'],
    ['iii://fn/iii/anything', 'iii::anything'],
    ['iii://fn/mcp/handler', 'mcp::handler'],
    ['iii://fn/a2a/send', 'a2a::send'],
    ['iii://fn/skills/register', 'skills::register'],
    ['iii://fn/skills/resources-read', 'skills::resources-read'],
    ['iii://fn/skills/fetch_skill', 'skills::fetch_skill'],
    ['iii://fn/prompts/register', 'prompts::register'],
    ['iii://fn/prompts/mcp-get', 'prompts::mcp-get'],
  ])('%s is refused as %s before anything is triggered', async (uri, functionId) => {
    await expectRefused(uri, msg.sectionHidden(functionId))
  })

  it('covers every hard-floor prefix that a section path can spell (`iii.` cannot be spelled at all)', () => {
    const spelled = ['engine::', 'state::', 'stream::', 'iii::', 'mcp::', 'a2a::', 'skills::', 'prompts::']
    expect(HARD_FLOOR_PREFIXES.filter((prefix) => !spelled.includes(prefix))).toEqual(['iii.'])
  })
})

describe('spelling tricks do not tunnel through the floor', () => {
  const notFound = (id: string) => `Skill not found: ${id}`
  const badSegment = (segment: string, debug: string) => `invalid section URI segment ${debug}: ${SEGMENT_CHARS}: ${debug}`
  const emptySegments = (uri: string) => msg.uriEmptySegments(uri)

  it.each([
    // case variants
    ['iii://fn/State/set', badSegment('State', '"State"')],
    ['iii://fn/STATE/SET', badSegment('STATE', '"STATE"')],
    ['iii://fn/sKiLlS/register', badSegment('sKiLlS', '"sKiLlS"')],
    ['iii://FN/state/set', notFound('FN/state/set')],
    ['iii://Fn/state/set', notFound('Fn/state/set')],
    // percent-encoding is never decoded
    ['iii://fn/state%3A%3Aset', badSegment('state%3A%3Aset', '"state%3A%3Aset"')],
    ['iii://fn/%73tate/set', badSegment('%73tate', '"%73tate"')],
    ['iii://fn/state/set%00', badSegment('set%00', '"set%00"')],
    ['iii://%66n/state/set', notFound('%66n/state/set')],
    ['iii://fn%2Fstate%2Fset', notFound('fn%2Fstate%2Fset')],
    // doubled, leading and trailing slashes
    ['iii://fn//state/set', emptySegments('iii://fn//state/set')],
    ['iii://fn/state//set', emptySegments('iii://fn/state//set')],
    ['iii://fn/state/set/', emptySegments('iii://fn/state/set/')],
    ['iii:///fn/state/set', emptySegments('iii:///fn/state/set')],
    ['iii://fn/', emptySegments('iii://fn/')],
    // dots and colons inside segments
    ['iii://fn/state::set', badSegment('state::set', '"state::set"')],
    ['iii://fn/./state/set', badSegment('.', '"."')],
    ['iii://fn/../state/set', badSegment('..', '".."')],
    ['iii://fn/state/./set', badSegment('.', '"."')],
    ['iii://fn/iii.state/set', badSegment('iii.state', '"iii.state"')],
    ['iii://fn/iii./x', badSegment('iii.', '"iii."')],
    ['iii://fn/state:/set', badSegment('state:', '"state:"')],
    ['iii://a/state::set', 'Skill not found: a/state::set (function links use iii://fn/state/set)'],
    ['iii://state::set', 'Skill not found: state::set (function links use iii://fn/state/set)'],
    // whitespace and invisible characters inside the URI
    ['iii://fn/ state/set', badSegment(' state', '" state"')],
    ['iii://fn/state\t/set', badSegment('state\t', '"state\\t"')],
    ['iii://fn/state/\u200bset', badSegment('\u200bset', '"\\u{200b}set"')],
    ['iii://fn/\u0455tate/set', badSegment('\u0455tate', '"\u0455tate"')],
    // the bare marker
    ['iii://fn', msg.uriSectionMissingPath('iii://fn')],
  ])('%s is refused', async (uri, error) => {
    await expectRefused(uri, error)
  })

  it.each([
    [' iii://fn/state/set'],
    ['iii://fn/state/set '],
    ['\niii://fn/state/set\n'],
    ['\u00a0iii://fn/state/set\u3000'],
  ])('%j is refused untrimmed by resources-read and, trimmed, by the floor in fetch', async (uri) => {
    const readError = uri.startsWith('iii://')
      ? badSegment(uri.slice('iii://fn/state/'.length), JSON.stringify(uri.slice('iii://fn/state/'.length)))
      : msg.uriMissingScheme(uri)
    await expectRefused(uri, readError, msg.sectionHidden('state::set'))
  })

  it.each([
    ['III://fn/state/set'],
    ['iii:/fn/state/set'],
    ['\u200biii://fn/state/set'],
  ])('%j is not an iii:// URI at all', async (uri) => {
    await expectRefused(uri, msg.uriMissingScheme(uri), msg.fetchInvalidUri(uri))
  })
})

describe('prompt handlers cannot name an internal function', () => {
  const HIDDEN_HANDLERS = [
    'engine::functions::list', 'state::set', 'state::delete', 'stream::set', 'iii.internal', 'iii::x',
    'mcp::handler', 'a2a::send', 'skills::register', 'skills::unregister', 'prompts::register', 'prompts::mcp-get',
  ]
  // Arguments that would write a skill row if they ever reached state::set.
  const hostileArgs = { scope: 'skills', key: 'pwned', value: { id: 'pwned', skill: '# pwned', registered_at: 'x' }, id: 'pwned', skill: '# pwned' }

  it.each(HIDDEN_HANDLERS)('a prompt registered with handler %s is refused at prompts::mcp-get', async (functionId) => {
    await env.call('prompts::register', { name: 'floor', description: 'd', function_id: functionId })
    try {
      const error = await expectRegistryUnchanged(env, () =>
        env.failure('prompts::mcp-get', { name: 'floor', arguments: hostileArgs }))
      expect(error).toBe(msg.promptHandlerHidden(functionId))
      expect(invokedIds()).toEqual([])
    } finally {
      await env.call('prompts::unregister', { name: 'floor' })
    }
  })

  it.each([
    ['State::set'],
    [' state::set'],
    ['state ::set'],
    ['\u0455tate::set'],
    ['state\uff1a\uff1aset'],
    ['STATE::SET'],
    ['Skills::register'],
  ])('the look-alike handler %j is triggered verbatim and reaches nothing', async (functionId) => {
    await env.call('prompts::register', { name: 'floor', description: 'd', function_id: functionId })
    try {
      const error = await expectRegistryUnchanged(env, () =>
        env.failure('prompts::mcp-get', { name: 'floor', arguments: hostileArgs }))
      expect(error).toBe(msg.triggerFailed(functionId, `function_not_found: Function ${functionId} not found`))
      expect(invokedIds()).toEqual([functionId])
    } finally {
      await env.call('prompts::unregister', { name: 'floor' })
    }
  })
})

describe('self-reference is refused or bounded', () => {
  it('iii://fn/skill/fetch runs the fetch tool with empty input, which fails fast', async () => {
    const error = 'trigger skill::fetch: invocation_failed: Provide uri or a non-empty uris array'
    await expectRegistryUnchanged(env, async () => {
      expect(await env.failure('skills::resources-read', { uri: 'iii://fn/skill/fetch' })).toBe(error)
      expect(await env.failure('skill::fetch', { uri: 'iii://fn/skill/fetch' })).toBe(error)
    })
    expect(invokedIds()).toEqual(['skill::fetch', 'skill::fetch'])
  })

  it('a prompt whose handler is skill::fetch, asked to fetch that same tool, fails fast', async () => {
    await env.call('prompts::register', { name: 'fetcher', description: 'd', function_id: 'skill::fetch' })
    try {
      const error = await env.failure('prompts::mcp-get', { name: 'fetcher', arguments: { uri: 'iii://fn/skill/fetch' } })
      expect(error).toBe('trigger skill::fetch: invocation_failed: trigger skill::fetch: invocation_failed: Provide uri or a non-empty uris array')
    } finally {
      await env.call('prompts::unregister', { name: 'fetcher' })
    }
  })

  // Each level adds the worker's `trigger …:` and the two `invocation_failed:` codes of the
  // handler hop and the fetch hop; the innermost call is the one the in-flight cap refused.
  const chain = (...ids: string[]) => ids.map((id) => `trigger ${id}: invocation_failed: invocation_failed: `).join('')
  const refused = (id: string) => msg.triggerFailed(id, msg.inFlightLimit(MAX_IN_FLIGHT_PER_FUNCTION))

  it(`a section function that fetches itself stops at depth ${MAX_IN_FLIGHT_PER_FUNCTION} and everything unwinds`, async () => {
    let calls = 0
    env.client.registerFunction('loop::self', async () => {
      calls++
      return env.client.trigger({ function_id: 'skill::fetch', payload: { uri: 'iii://fn/loop/self' }, timeoutMs: 20_000 })
    })
    const started = Date.now()
    const error = await expectRegistryUnchanged(env, () => env.failure('skill::fetch', { uri: 'iii://fn/loop/self' }, 20_000))
    expect(error).toBe(chain(...Array<string>(MAX_IN_FLIGHT_PER_FUNCTION).fill('loop::self')) + refused('loop::self'))
    expect(Date.now() - started).toBeLessThan(env.config.state_timeout_ms)
    await sleep(200)
    expect(calls).toBe(MAX_IN_FLIGHT_PER_FUNCTION)
    expect(inFlightCount(env.worker.deps, 'loop::self')).toBe(0)
  })

  it('two section functions that fetch each other stop once either reaches the cap', async () => {
    const calls = { a: 0, b: 0 }
    env.client.registerFunction('loop::a', async () => {
      calls.a++
      return env.client.trigger({ function_id: 'skill::fetch', payload: { uri: 'iii://fn/loop/b' }, timeoutMs: 20_000 })
    })
    env.client.registerFunction('loop::b', async () => {
      calls.b++
      return env.client.trigger({ function_id: 'skill::fetch', payload: { uri: 'iii://fn/loop/a' }, timeoutMs: 20_000 })
    })
    const error = await env.failure('skills::resources-read', { uri: 'iii://fn/loop/a' }, 20_000)
    const levels = Array.from({ length: 2 * MAX_IN_FLIGHT_PER_FUNCTION }, (_, i) => (i % 2 === 0 ? 'loop::a' : 'loop::b'))
    expect(error).toBe(chain(...levels) + refused('loop::a'))
    await sleep(200)
    expect(calls).toEqual({ a: MAX_IN_FLIGHT_PER_FUNCTION, b: MAX_IN_FLIGHT_PER_FUNCTION })
    expect(inFlightCount(env.worker.deps, 'loop::a') + inFlightCount(env.worker.deps, 'loop::b')).toBe(0)
  })

  it('a prompt handler that gets its own prompt stops at the cap', async () => {
    let calls = 0
    env.client.registerFunction('loop::prompt', async () => {
      calls++
      return env.client.trigger({ function_id: 'prompts::mcp-get', payload: { name: 'looping' }, timeoutMs: 20_000 })
    })
    await env.call('prompts::register', { name: 'looping', description: 'd', function_id: 'loop::prompt' })
    try {
      const error = await env.failure('prompts::mcp-get', { name: 'looping' }, 20_000)
      expect(error).toBe(chain(...Array<string>(MAX_IN_FLIGHT_PER_FUNCTION).fill('loop::prompt')) + refused('loop::prompt'))
      await sleep(200)
      expect(calls).toBe(MAX_IN_FLIGHT_PER_FUNCTION)
    } finally {
      await env.call('prompts::unregister', { name: 'looping' })
    }
  })

  it('a section function that fans out to itself eight times per level is bounded too', async () => {
    let calls = 0
    env.client.registerFunction('loop::fan', async () => {
      calls++
      return env.client.trigger({
        function_id: 'skill::fetch', payload: { uris: Array<string>(8).fill('iii://fn/loop/fan') }, timeoutMs: 20_000,
      })
    })
    const started = Date.now()
    const error = await env.failure('skill::fetch', { uri: 'iii://fn/loop/fan' }, 20_000)
    expect(error.startsWith(chain('loop::fan'))).toBe(true)
    expect(error.endsWith(refused('loop::fan'))).toBe(true)
    expect(Date.now() - started).toBeLessThan(env.config.state_timeout_ms)
    await sleep(300)
    const settled = calls
    await sleep(300)
    expect(calls).toBe(settled)
    expect(calls).toBeLessThanOrEqual(8 * MAX_IN_FLIGHT_PER_FUNCTION)
    expect(inFlightCount(env.worker.deps, 'loop::fan')).toBe(0)
  })

  it('the worker serves the echo prompt normally after all of that', async () => {
    expect(await env.call('prompts::mcp-get', { name: 'greet', arguments: { who: 'w' } })).toEqual({
      description: 'Greets',
      messages: [{ role: 'user', content: { type: 'text', text: 'echo 11 bytes' } }],
    })
    expect(invokedIds()).toEqual([ECHO_HANDLER])
  })
})
