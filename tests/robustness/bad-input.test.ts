import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import '../support/no-unhandled.js'
import { MAX_PAYLOAD_BYTES } from '../../src/core/limits.js'
import * as msg from '../../src/core/messages.js'
import { debugString } from '../../src/core/rust-debug.js'
import {
  acceptsType, ECHO_HANDLER, FUNCTION_CASES, JSON_VALUES, KiB, MiB, nested, nestedJson, seedBaseline, truncatedError,
} from './fixtures.js'
import { expectRegistryUnchanged, RawCaller, startRobustEnv, type RobustEnv } from './harness.js'

let env: RobustEnv
let workerId: string

beforeAll(async () => {
  env = await startRobustEnv()
  await seedBaseline(env)
  workerId = await env.workerId()
})

afterAll(async () => env?.close())

// Whatever a case sent, the worker kept its one engine connection (a frame over the engine's
// limit would have cost it) and still answers.
afterEach(async () => {
  expect(await env.workerId()).toBe(workerId)
  await expect(env.call('skills::resources-templates', {})).resolves.toHaveProperty('resourceTemplates')
})

const rejects = (functionId: string, payload: unknown, timeoutMs?: number) =>
  expectRegistryUnchanged(env, () => env.failure(functionId, payload, timeoutMs))

describe('a payload that is not a JSON object', () => {
  const cases = FUNCTION_CASES.flatMap((fn) =>
    JSON_VALUES.filter(([type]) => type !== 'object').map(([type, value]) => [fn.id, type, value] as const))

  it.each(cases)('%s rejects a %s payload by its type', async (functionId, type, value) => {
    expect(await rejects(functionId, value)).toBe(`invalid payload: expected object, got ${type}`)
  })

  it('is never answered when absent (the engine drops a frame without data), so callers time out', async () => {
    const outcomes = await expectRegistryUnchanged(env, () =>
      Promise.all(FUNCTION_CASES.map((fn) => env.failure(fn.id, undefined, 300))))
    expect(outcomes).toEqual(FUNCTION_CASES.map(() => 'TIMEOUT: invocation timed out after 300ms'))
  })
})

describe('a field of the wrong JSON type', () => {
  const cases = FUNCTION_CASES.flatMap((fn) => Object.entries(fn.fields).flatMap(([field, type]) =>
    JSON_VALUES.filter(([got]) => !acceptsType(type, got))
      .map(([got, value]) => [fn.id, field, got, type, { ...fn.valid, [field]: value }] as const)))

  it.each(cases)('%s rejects `%s` holding %s, naming the field and the wanted type', async (functionId, field, got, type, payload) => {
    expect(await rejects(functionId, payload)).toBe(`invalid type for field \`${field}\`: expected ${type}, got ${got}`)
  })

  it.each([
    ['an array where an argument object belongs', { arguments: [[]] }, 'invalid type for field `arguments[0]`: expected object, got array'],
    ['a string where an argument object belongs', { arguments: ['who'] }, 'invalid type for field `arguments[0]`: expected object, got string'],
    ['an argument without a name', { arguments: [{ required: true }] }, 'missing field `arguments[0].name`'],
    ['an argument name that is an object', { arguments: [{ name: { who: 1 } }] }, 'invalid type for field `arguments[0].name`: expected string, got object'],
    ['an argument flag that is a string', { arguments: [{ name: 'who', required: 'yes' }] }, 'invalid type for field `arguments[0].required`: expected boolean, got string'],
    ['an argument description that is an array', { arguments: [{ name: 'who', description: ['x'] }] }, 'invalid type for field `arguments[0].description`: expected string or null, got array'],
  ])('prompts::register rejects %s', async (_case, patch, error) => {
    const payload = { ...FUNCTION_CASES.find((fn) => fn.id === 'prompts::register')?.valid, ...patch }
    expect(await rejects('prompts::register', payload)).toBe(error)
  })

  it.each([
    ['a number among the uris', { uris: ['iii://alpha', 7] }, 'invalid type for field `uris[1]`: expected string, got integer'],
    ['null among the uris', { uris: [null] }, 'invalid type for field `uris[0]`: expected string, got null'],
    ['an object among the uris', { uris: [{ uri: 'iii://alpha' }] }, 'invalid type for field `uris[0]`: expected string, got object'],
  ])('skill::fetch rejects %s', async (_case, payload, error) => {
    expect(await rejects('skill::fetch', payload)).toBe(error)
  })
})

describe('a missing required field', () => {
  const cases = FUNCTION_CASES.flatMap((fn) => fn.required.map((field) => {
    const payload: Record<string, unknown> = { ...fn.valid }
    delete payload[field]
    return [fn.id, field, payload] as const
  }))

  it.each(cases)('%s rejects a payload without `%s`', async (functionId, field, payload) => {
    expect(await rejects(functionId, payload)).toBe(`missing field \`${field}\``)
  })

  it.each(FUNCTION_CASES.filter((fn) => fn.required.length > 0).map((fn) => [fn.id, fn.required[0]] as const))(
    '%s names its first required field, `%s`, for an empty object', async (functionId, field) => {
      expect(await rejects(functionId, {})).toBe(`missing field \`${field}\``)
    })

  it('reports a wrong type before a missing field, as serde does', async () => {
    expect(await rejects('skills::register', { skill: 42 })).toBe('invalid type for field `skill`: expected string, got integer')
  })
})

describe('unknown fields', () => {
  const junk = { _extra: { deep: nested(100) }, tools: ['x'], uri_: 'iii://fn/state/set', blob: 'x'.repeat(5 * MiB) }
  const readOnly = FUNCTION_CASES.filter((fn) => !/::(register|unregister)$/.test(fn.id))

  it.each(readOnly.map((fn) => [fn.id, fn.valid] as const))(
    '%s ignores them, 5 MB and 100 levels deep included, and answers as without them', async (functionId, valid) => {
      const plain = await env.call(functionId, valid)
      expect(await expectRegistryUnchanged(env, () => env.call(functionId, { ...valid, ...junk }))).toEqual(plain)
    })

  it('register and unregister ignore them too', async () => {
    const registered = await env.call<{ id: string }>('skills::register', { id: 'junk-ok', skill: '# J\n', ...junk })
    expect(registered.id).toBe('junk-ok')
    expect(await env.call('skills::unregister', { id: 'junk-ok', ...junk })).toEqual({ id: 'junk-ok', removed: true })
  })
})

// Every hostile character class, as it appears in a Rust `{:?}` rendering (§1.2 conventions).
const HOSTILE: Array<[string, string, string]> = [
  ['NUL', 'a\u0000b', '"a\\0b"'],
  ['a bell', 'a\u0007b', '"a\\u{7}b"'],
  ['ESC', 'a\u001bb', '"a\\u{1b}b"'],
  ['DEL', 'a\u007fb', '"a\\u{7f}b"'],
  ['a newline', 'a\nb', '"a\\nb"'],
  ['a tab', 'a\tb', '"a\\tb"'],
  ['a right-to-left mark', 'a\u200fb', '"a\\u{200f}b"'],
  ['a right-to-left override', '\u202eab', '"\\u{202e}ab"'],
  ['a zero-width joiner', 'a\u200db', '"a\\u{200d}b"'],
  ['a byte-order mark', '\ufeffab', '"\\u{feff}ab"'],
  ['a no-break space', 'a\u00a0b', '"a\\u{a0}b"'],
  ['a combining accent', 'e\u0301', '"e\\u{301}"'],
  ['an emoji', 'a\u{1f600}b', '"a\u{1f600}b"'],
  ['an astral CJK ideograph', 'a\u{20000}b', '"a\u{20000}b"'],
  ['uppercase', 'Ab', '"Ab"'],
  ['a quote and a backslash', 'a"\\b', '"a\\"\\\\b"'],
]

describe('hostile characters in ids, names and URIs', () => {
  it.each(HOSTILE)('skills::register refuses an id with %s, escaped in the error', async (_case, value, debug) => {
    expect(debugString(value)).toBe(debug)
    expect(await rejects('skills::register', { id: value, skill: '# x\n' }))
      .toBe(`invalid id (segment 1 of ${debug}): segment may only contain lowercase ASCII letters, digits, '-' and '_': ${debug}`)
  })

  it.each(HOSTILE)('skills::unregister refuses an id with %s', async (_case, value, debug) => {
    expect(await rejects('skills::unregister', { id: `ok/${value}` }))
      .toBe(`invalid id (segment 2 of ${debugString(`ok/${value}`)}): segment may only contain lowercase ASCII letters, digits, '-' and '_': ${debug}`)
  })

  it.each(HOSTILE)('prompts::register, prompts::unregister and prompts::mcp-get refuse a name with %s', async (_case, value, debug) => {
    const error = `name may only contain lowercase ASCII letters, digits, '-' and '_': ${debug}`
    expect(await rejects('prompts::register', { name: value, description: 'd', function_id: ECHO_HANDLER })).toBe(error)
    expect(await rejects('prompts::unregister', { name: value })).toBe(error)
    expect(await rejects('prompts::mcp-get', { name: value })).toBe(error)
  })

  it.each(HOSTILE)('a skill URI with %s reads and fetches as not found, the id verbatim', async (_case, value) => {
    expect(await rejects('skills::resources-read', { uri: `iii://${value}` })).toBe(`Skill not found: ${value}`)
    expect(await rejects('skill::fetch', { uri: `iii://${value}` })).toBe(`Skill not found: ${value}`)
  })

  it('stores and serves every one of them byte for byte inside a skill body and a prompt description', async () => {
    const text = `# Hostile ${HOSTILE.map(([, value]) => value).join(' ')}\n\n${HOSTILE.map(([, value]) => value).join('\n')}\n`
    await env.call('skills::register', { id: 'hostile', skill: text })
    await env.call('prompts::register', { name: 'hostile', description: text, function_id: ECHO_HANDLER })
    try {
      expect(await env.call('skills::resources-read', { uri: 'iii://hostile' }))
        .toEqual({ contents: [{ mimeType: 'text/markdown', text, uri: 'iii://hostile' }] })
      const list = await env.call<{ skills: Array<{ id: string; bytes: number }> }>('skills::list', {})
      expect(list.skills.find((s) => s.id === 'hostile')?.bytes).toBe(Buffer.byteLength(text))
      const prompts = await env.call<{ prompts: Array<{ name: string; description: string }> }>('prompts::mcp-list', {})
      expect(prompts.prompts.find((p) => p.name === 'hostile')?.description).toBe(text)
    } finally {
      await env.call('skills::unregister', { id: 'hostile' })
      await env.call('prompts::unregister', { name: 'hostile' })
    }
  })
})

describe('length limits count UTF-8 bytes, not code points', () => {
  const idAt1024 = `${Array.from({ length: 15 }, (_, i) => `${i}`.padEnd(64, 'x')).join('/')}/${'y'.repeat(49)}`

  it.each([
    ['a 64-byte segment', 'a'.repeat(64)],
    ['a 1024-byte id of 16 segments', idAt1024],
  ])('skills::register accepts %s', async (_case, id) => {
    expect(Buffer.byteLength(id)).toBeLessThanOrEqual(1024)
    await expect(env.call('skills::register', { id, skill: '# ok\n' })).resolves.toMatchObject({ id })
    await expect(env.call('skills::unregister', { id })).resolves.toEqual({ id, removed: true })
  })

  it.each([
    ['a 65-byte segment', 'a'.repeat(65), `invalid id (segment 1 of "${'a'.repeat(65)}"): segment too long (65 chars; max 64): "${'a'.repeat(65)}"`],
    ['33 two-byte letters (33 code points, 66 bytes)', 'é'.repeat(33), `invalid id (segment 1 of "${'é'.repeat(33)}"): segment too long (66 chars; max 64): "${'é'.repeat(33)}"`],
    ['17 emoji (17 code points, 68 bytes)', '😀'.repeat(17), `invalid id (segment 1 of "${'😀'.repeat(17)}"): segment too long (68 chars; max 64): "${'😀'.repeat(17)}"`],
    ['32 two-byte letters (64 bytes: within length, but not ASCII)', 'é'.repeat(32), `invalid id (segment 1 of "${'é'.repeat(32)}"): segment may only contain lowercase ASCII letters, digits, '-' and '_': "${'é'.repeat(32)}"`],
    ['a 1025-byte id', `${idAt1024}z`, `id too long (1025 chars; max 1024): "${idAt1024}z"`],
    ['513 two-byte letters (513 code points, 1026 bytes)', 'é'.repeat(513), `id too long (1026 chars; max 1024): "${'é'.repeat(513)}"`],
    ['a 300 KiB id', 'a'.repeat(300 * KiB), `id too long (307200 chars; max 1024): "${'a'.repeat(300 * KiB)}"`],
  ])('skills::register refuses %s', async (_case, id, error) => {
    expect(await rejects('skills::register', { id, skill: '# x\n' })).toBe(error)
  })

  it.each([
    ['64 ASCII bytes', 'n'.repeat(64)],
  ])('prompts::register accepts a name of %s', async (_case, name) => {
    await expect(env.call('prompts::register', { name, description: 'd', function_id: ECHO_HANDLER })).resolves.toMatchObject({ name })
    await expect(env.call('prompts::unregister', { name })).resolves.toEqual({ name, removed: true })
  })

  it.each([
    ['65 ASCII bytes', 'n'.repeat(65), 'name too long (65 chars; max 64)'],
    ['17 emoji (68 bytes)', '😀'.repeat(17), 'name too long (68 chars; max 64)'],
    ['16 emoji (64 bytes: within length, but not ASCII)', '😀'.repeat(16), `name may only contain lowercase ASCII letters, digits, '-' and '_': "${'😀'.repeat(16)}"`],
    ['300 KiB', 'n'.repeat(300 * KiB), 'name too long (307200 chars; max 64)'],
  ])('prompts::register, prompts::unregister and prompts::mcp-get refuse a name of %s', async (_case, name, error) => {
    expect(await rejects('prompts::register', { name, description: 'd', function_id: ECHO_HANDLER })).toBe(error)
    expect(await rejects('prompts::unregister', { name })).toBe(error)
    expect(await rejects('prompts::mcp-get', { name })).toBe(error)
  })

  it.each([
    ['262144 ASCII bytes', 'a'.repeat(262_144)],
    ['65536 emoji (65536 code points, 262144 bytes)', '😀'.repeat(65_536)],
  ])('skills::register accepts a body of %s and serves it intact', async (_case, skill) => {
    await env.call('skills::register', { id: 'at-limit', skill })
    try {
      expect(await env.call('skills::resources-read', { uri: 'iii://at-limit' }))
        .toEqual({ contents: [{ mimeType: 'text/markdown', text: skill, uri: 'iii://at-limit' }] })
    } finally {
      await env.call('skills::unregister', { id: 'at-limit' })
    }
  })

  it.each([
    ['262145 ASCII bytes', 'a'.repeat(262_145), 262_145],
    ['65536 emoji and one letter (262145 bytes)', `${'😀'.repeat(65_536)}a`, 262_145],
    ['131073 two-byte letters (131073 code points, 262146 bytes)', 'é'.repeat(131_073), 262_146],
    ['300 KiB', 'a'.repeat(300 * KiB), 307_200],
    ['5 MiB', 'a'.repeat(5 * MiB), 5_242_880],
  ])('skills::register refuses a body of %s', async (_case, skill, bytes) => {
    expect(await rejects('skills::register', { id: 'too-big', skill })).toBe(`skill body too large (${bytes} bytes; max 262144)`)
  })

  it('skills::register refuses an empty body, a whitespace body is stored as given', async () => {
    expect(await rejects('skills::register', { id: 'blank', skill: '' })).toBe('skill must be non-empty')
    await env.call('skills::register', { id: 'blank', skill: ' \n\t' })
    expect(await env.call('skill::fetch', { uri: 'iii://blank' })).toBe('# iii://blank\n\n')
    await env.call('skills::unregister', { id: 'blank' })
  })

  it('prompts::register takes a 300 KiB description (no limit is specified) and serves it back', async () => {
    const description = 'd'.repeat(300 * KiB)
    await env.call('prompts::register', { name: 'long-desc', description, function_id: ECHO_HANDLER })
    try {
      const listed = await env.call<{ prompts: Array<{ name: string; description: string }> }>('prompts::mcp-list', {})
      expect(listed.prompts.find((p) => p.name === 'long-desc')?.description).toBe(description)
    } finally {
      await env.call('prompts::unregister', { name: 'long-desc' })
    }
  })
})

describe('huge inputs', () => {
  const quotes = '"'.repeat(5 * MiB)

  it.each([
    ['a 5 MiB id', () => 'a'.repeat(5 * MiB), (id: string) => msg.idTooLong(5 * MiB, id)],
    ['a 5 MiB id of quotes after a slash (each doubles when escaped)', () => `/${quotes}`, (id: string) => msg.idLeadingOrTrailingSlash(id)],
  ])('skills::register answers %s with the spec error, cut to a sendable size', async (_case, makeId, fullError) => {
    const id = makeId()
    const error = await rejects('skills::register', { id, skill: '# x\n' })
    expect(error).toBe(truncatedError(fullError(id)))
    expect(error.endsWith(` bytes in all)`)).toBe(true)
  })

  it.each([
    ['skills::resources-read', { uri: `iii://${'a'.repeat(5 * MiB)}` }],
    ['skill::fetch', { uri: `iii://${'a'.repeat(5 * MiB)}` }],
  ])('%s answers a 5 MiB skill URI as not found, cut to a sendable size', async (functionId, payload) => {
    expect(await rejects(functionId, payload)).toBe(truncatedError(`Skill not found: ${'a'.repeat(5 * MiB)}`))
  })

  it('a 5 MiB section path that names no function fails with the trigger error, cut to a sendable size', async () => {
    const path = Array.from({ length: 5 * MiB / 2 }, () => 'a').join('/')
    const functionId = path.replaceAll('/', '::')
    const error = await rejects('skills::resources-read', { uri: `iii://fn/${path}` })
    expect(error).toBe(truncatedError(msg.triggerFailed(functionId, `function_not_found: Function ${functionId} not found`)))
  })

  it('an 11 MiB section path whose function id would not fit in one engine frame is refused before it is sent', async () => {
    const segments = 11 * MiB / 2
    const path = Array.from({ length: segments }, () => 'a').join('/')
    const functionId = path.replaceAll('/', '::')
    const request = Buffer.byteLength(functionId) + 2 // the function id plus the `{}` payload
    expect(request).toBeGreaterThan(MAX_PAYLOAD_BYTES)
    const error = await rejects('skills::resources-read', { uri: `iii://fn/${path}` })
    expect(error).toBe(truncatedError(msg.triggerFailed(functionId, msg.requestTooLarge(functionId, request, MAX_PAYLOAD_BYTES))))
  })

  it('a short uris list naming one 256 KiB skill many times fails once the answer passes the frame budget', async () => {
    const error = await rejects('skill::fetch', { uris: Array.from({ length: 400_000 }, () => 'iii://big') })
    expect(error).toBe(msg.responseTooLarge(MAX_PAYLOAD_BYTES))
  })

  it('prompts::register refuses a row that would come within 64 KiB of the frame limit instead of sending it', async () => {
    const now = vi.spyOn(env.worker.deps, 'now').mockReturnValue(new Date('2026-01-02T03:04:05.678Z'))
    try {
      const input = { name: 'huge', description: 'd'.repeat(16 * MiB - 2 * KiB), function_id: ECHO_HANDLER }
      const row = { ...input, arguments: [], registered_at: '2026-01-02T03:04:05.678+00:00' }
      const bytes = Buffer.byteLength(JSON.stringify({ scope: env.config.scopes.prompts, key: 'huge', value: row }))
      expect(await rejects('prompts::register', input, 10_000)).toBe(msg.requestTooLarge('state::set', bytes, MAX_PAYLOAD_BYTES))
    } finally {
      now.mockRestore()
    }
  })

  it('prompts::mcp-get passes 5 MiB of arguments to the handler as they are', async () => {
    const args = { who: 'w'.repeat(5 * MiB) }
    const reply = await expectRegistryUnchanged(env, () => env.call('prompts::mcp-get', { name: 'greet', arguments: args }))
    expect(reply).toEqual({
      description: 'Greets',
      messages: [{ role: 'user', content: { type: 'text', text: `echo ${Buffer.byteLength(JSON.stringify(args))} bytes` } }],
    })
  })
})

describe('deep nesting', () => {
  it('a payload nested 10,000 levels is dropped by the engine for every function and never answered', async () => {
    const caller = await RawCaller.connect(env.url)
    try {
      const pending = await expectRegistryUnchanged(env, async () => {
        const ids = FUNCTION_CASES.map((fn) => caller.invoke(fn.id, `{"deep":${nestedJson(10_000)}}`))
        return Promise.all(ids.map((id) => caller.result(id, 400)))
      })
      expect(pending).toEqual(FUNCTION_CASES.map(() => undefined))
      const served = await caller.result(caller.invoke('skills::resources-templates', '{}'), 2000)
      expect(served).toMatchObject({ type: 'invocationresult', result: { resourceTemplates: expect.any(Array) } })
    } finally {
      caller.close()
    }
  })

  it.each([
    ['skills::register', 'skill', { id: 'deep', skill: nested(100) }, 'invalid type for field `skill`: expected string, got array'],
    ['skills::resources-read', 'uri', { uri: nested(100) }, 'invalid type for field `uri`: expected string, got array'],
    ['prompts::register', 'arguments', { name: 'deep', description: 'd', function_id: ECHO_HANDLER, arguments: nested(100) }, 'invalid type for field `arguments[0]`: expected object, got array'],
  ])('%s rejects 100 levels of arrays in `%s` by type', async (functionId, _field, payload, error) => {
    expect(await rejects(functionId, payload)).toBe(error)
  })

  it('prompts::mcp-get forwards 100-level arguments to the handler untouched', async () => {
    const args = { tree: nested(100) }
    expect(await env.call('prompts::mcp-get', { name: 'greet', arguments: args })).toEqual({
      description: 'Greets',
      messages: [{ role: 'user', content: { type: 'text', text: `echo ${Buffer.byteLength(JSON.stringify(args))} bytes` } }],
    })
  })
})
