import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import '../support/no-unhandled.js'
import { BIG_BODY, ECHO_HANDLER } from './fixtures.js'
import { sleep, startRobustEnv, subscribe, waitFor, type RobustEnv, type Subscription } from './harness.js'

let env: RobustEnv
let skillEvents: Subscription
let promptEvents: Subscription

const EXTRA_EVENT_GRACE_MS = 200

beforeAll(async () => {
  env = await startRobustEnv()
  skillEvents = await subscribe(env, 'skills::on-change')
  promptEvents = await subscribe(env, 'prompts::on-change')
})

afterAll(async () => env?.close())

beforeEach(async () => {
  const scope = env.config.scopes.skills
  await env.call('state::list', { scope }).then(async (rows) => {
    for (const row of rows as Array<{ id: string }>) await env.call('state::delete', { scope, key: row.id })
  })
  skillEvents.events.length = 0
  promptEvents.events.length = 0
})

/** Waits for `count` events, then a little longer so an extra one would be seen too. */
async function settledEvents(subscription: Subscription, count: number): Promise<Array<Record<string, unknown>>> {
  await waitFor(() => subscription.events.length >= count, `${count} events`, 10_000)
  await sleep(EXTRA_EVENT_GRACE_MS)
  return subscription.events
}

const byKey = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  JSON.stringify(a).localeCompare(JSON.stringify(b))

describe('concurrent writers', () => {
  it('500 concurrent registers of distinct ids are all listed with their own bodies, one event each', async () => {
    const ids = Array.from({ length: 500 }, (_, i) => `load-${String(i).padStart(3, '0')}`)
    const body = (i: number) => `# Load ${i}\n${'x'.repeat(i)}\n`
    const replies = await Promise.all(ids.map((id, i) => env.call<{ id: string }>('skills::register', { id, skill: body(i) }, 20_000)))
    expect(replies.map((r) => r.id)).toEqual(ids)

    const listed = await env.call<{ skills: Array<{ id: string; bytes: number; origin: string }> }>('skills::list', {})
    expect(listed.skills.map(({ id, bytes, origin }) => ({ id, bytes, origin })))
      .toEqual(ids.map((id, i) => ({ id, bytes: Buffer.byteLength(body(i)), origin: 'state' })))
    const rows = (await env.snapshot()).skills as Array<{ id: string; skill: string }>
    expect(rows.map(({ id, skill }) => ({ id, skill }))).toEqual(ids.map((id, i) => ({ id, skill: body(i) })))
    const fetched = await env.call<string>('skill::fetch', { uris: ids.map((id) => `iii://${id}`) }, 20_000)
    expect(fetched).toBe(ids.map((id, i) => `# iii://${id}\n\n${body(i).trimEnd()}`).join('\n\n---\n\n'))

    const events = await settledEvents(skillEvents, 500)
    expect([...events].sort(byKey)).toEqual(ids.map((id) => ({ op: 'register', id })).sort(byKey))
  })

  it('200 interleaved registers and unregisters of one id end in the state of the last call to complete', async () => {
    type Outcome = { i: number; reply: { id: string; removed?: boolean; registered_at?: string } }
    const completed: Outcome[] = []
    await Promise.all(Array.from({ length: 200 }, async (_, i) => {
      const reply = i % 2 === 1
        ? await env.call<Outcome['reply']>('skills::register', { id: 'contended', skill: `# Version ${i}\n` }, 20_000)
        : await env.call<Outcome['reply']>('skills::unregister', { id: 'contended' }, 20_000)
      completed.push({ i, reply })
    }))

    const last = completed.at(-1) as Outcome
    expect(last.i).toBe(199)
    const rows = (await env.snapshot()).skills
    expect(rows).toEqual([{ id: 'contended', skill: '# Version 199\n', registered_at: last.reply.registered_at }])
    expect(await env.call('skill::fetch', { uri: 'iii://contended' })).toBe('# iii://contended\n\n# Version 199')

    const removals = completed.filter((o) => o.reply.removed === true).length
    expect(completed.filter((o) => o.reply.removed === false).length).toBe(100 - removals)
    const events = await settledEvents(skillEvents, 100 + removals)
    expect(events.filter((e) => e.op === 'register')).toHaveLength(100)
    expect(events.filter((e) => e.op === 'unregister')).toHaveLength(removals)
    expect(events).toHaveLength(100 + removals)
  })

  it('concurrent prompt registers, rejected registers and idempotent unregisters notify once per real mutation', async () => {
    const names = Array.from({ length: 100 }, (_, i) => `prompt-${i}`)
    const register = (name: string) => env.call('prompts::register', { name, description: 'd', function_id: ECHO_HANDLER }, 20_000)
    await Promise.all([
      ...names.map(register),
      ...Array.from({ length: 50 }, (_, i) => env.failure('prompts::register', { name: `Bad-${i}`, description: 'd', function_id: ECHO_HANDLER }, 20_000)),
      ...Array.from({ length: 50 }, (_, i) => env.call('prompts::unregister', { name: `never-${i}` }, 20_000)),
    ])
    const removed = await Promise.all(names.map((name) => env.call<{ removed: boolean }>('prompts::unregister', { name }, 20_000)))
    expect(removed.every((r) => r.removed)).toBe(true)

    const events = await settledEvents(promptEvents, 200)
    expect([...events].sort(byKey)).toEqual([
      ...names.map((name) => ({ op: 'register', name })),
      ...names.map((name) => ({ op: 'unregister', name })),
    ].sort(byKey))
    expect(skillEvents.events).toEqual([])
  })
})

describe('concurrent readers', () => {
  it('100 concurrent reads and fetches of a 256 KiB skill all get the body intact', async () => {
    await env.call('skills::register', { id: 'big', skill: BIG_BODY })
    const reads = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 === 0
      ? env.call<{ contents: Array<{ text: string }> }>('skills::resources-read', { uri: 'iii://big' }, 20_000)
        .then((r) => r.contents[0]?.text)
      : env.call<string>('skill::fetch', { uri: 'iii://big' }, 20_000).then((text) => text.slice('# iii://big\n\n'.length)))))
    expect(BIG_BODY.trimEnd()).toBe(BIG_BODY)
    expect(reads).toEqual(Array<string>(100).fill(BIG_BODY))
  })

  it('reads racing a stream of re-registers always see one whole version, never a mix', async () => {
    const version = (v: number) => `# Version ${v}\n${String(v % 10).repeat(200_000)}\n`
    await env.call('skills::register', { id: 'moving', skill: version(0) })
    const writes = Array.from({ length: 20 }, (_, v) => env.call('skills::register', { id: 'moving', skill: version(v + 1) }, 20_000))
    const reads = Array.from({ length: 50 }, () =>
      env.call<{ contents: Array<{ text: string }> }>('skills::resources-read', { uri: 'iii://moving' }, 20_000))
    const [, seen] = await Promise.all([Promise.all(writes), Promise.all(reads)])
    const versions = Array.from({ length: 21 }, (_, v) => version(v))
    expect(seen.map((r) => r.contents[0]?.text).filter((text) => !versions.includes(text as string))).toEqual([])
  })
})
