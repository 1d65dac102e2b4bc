/**
 * When the registry cache may answer from its copy and when it must ask the engine, against a fake
 * SDK client whose `state::list` / `state::get` calls are counted and whose connection and
 * binding confirmation the test controls.
 */
import type { IIIClient } from 'iii-sdk'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LOG } from '../../src/core/messages.js'
import { CachedStateStore, REGISTRY_CHANGED_PREFIX, sdkConnectionId } from '../../src/engine/registry-cache.js'
import { captureLogger, type CapturedLog } from '../support/temp-tree.js'

interface Deferred {
  resolve(value: unknown): void
  reject(error: Error): void
}

class FakeClient {
  readonly calls: string[] = []
  readonly rows = new Map<string, Map<string, unknown>>([['skills', new Map()], ['prompts', new Map()]])
  /** Scopes the engine reports as bound to the change function. */
  boundScopes = ['skills', 'prompts']
  infoFails = false
  /** When set, `state::list` waits for the test to settle it. */
  holdLists = false
  readonly held: Deferred[] = []
  readonly functions = new Map<string, (data: unknown) => Promise<unknown>>()
  readonly bindings: unknown[] = []

  readonly client = {
    trigger: (request: { function_id: string; payload: Record<string, unknown> }) => this.trigger(request.function_id, request.payload),
    registerFunction: (id: string, handler: (data: unknown) => Promise<unknown>) => {
      this.functions.set(id, handler)
      return { id, unregister() {} }
    },
    registerTrigger: (trigger: unknown) => {
      this.bindings.push(trigger)
      return { unregister() {} }
    },
  } as unknown as IIIClient

  count(functionId: string): number {
    return this.calls.filter((c) => c === functionId).length
  }

  private async trigger(functionId: string, payload: Record<string, unknown>): Promise<unknown> {
    this.calls.push(functionId)
    const scope = this.rows.get(payload.scope as string)
    switch (functionId) {
      case 'engine::functions::info':
        if (this.infoFails) throw new Error('function_not_found')
        return {
          function_id: payload.function_id,
          registered_triggers: this.boundScopes.map((s, i) => ({ id: `t${i}`, trigger_type: 'state', config: { scope: s } })),
        }
      case 'state::list': {
        const values = [...(scope?.values() ?? [])]
        if (!this.holdLists) return values
        return new Promise((resolve, reject) => this.held.push({ resolve: () => resolve(values), reject }))
      }
      case 'state::get':
        return scope?.get(payload.key as string)
      case 'state::set':
        scope?.set(payload.key as string, payload.value)
        return { old_value: null, new_value: payload.value }
      case 'state::delete': {
        const old = scope?.get(payload.key as string)
        scope?.delete(payload.key as string)
        return old
      }
      default:
        throw new Error(`unexpected call ${functionId}`)
    }
  }
}

let fake: FakeClient
let connection: string | undefined
let store: CachedStateStore
let log: CapturedLog

const identity = (values: unknown[]) => values

/** Lets the confirmation started by the first read finish. */
async function confirmed(): Promise<void> {
  await store.list('skills')
  await vi.waitFor(() => expect(store.trusted).toBe(true))
}

beforeEach(() => {
  fake = new FakeClient()
  connection = 'conn-1'
  log = captureLogger()
  store = new CachedStateStore(fake.client, 1000, ['skills', 'prompts'], log.log, () => connection)
  store.bind()
  fake.rows.get('skills')!.set('a', { id: 'a', skill: '# A', registered_at: 't' })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('binding', () => {
  it('registers its own change function and binds it to the state trigger of each scope', () => {
    expect(store.functionId).toMatch(new RegExp(`^${REGISTRY_CHANGED_PREFIX}[0-9a-f-]{36}$`))
    expect(store.functionId).not.toBe(new CachedStateStore(fake.client, 1000, ['skills'], log.log).functionId)
    expect([...fake.functions.keys()]).toEqual([store.functionId])
    expect(fake.bindings).toEqual([
      { type: 'state', function_id: store.functionId, config: { scope: 'skills' } },
      { type: 'state', function_id: store.functionId, config: { scope: 'prompts' } },
    ])
  })

  it('reads the connection from the SDK client only while it is connected', () => {
    expect(sdkConnectionId({ workerId: 'w1', connectionState: 'connected' } as unknown as IIIClient)).toBe('w1')
    expect(sdkConnectionId({ workerId: 'w1', connectionState: 'reconnecting' } as unknown as IIIClient)).toBeUndefined()
    expect(sdkConnectionId({ connectionState: 'connected' } as unknown as IIIClient)).toBeUndefined()
  })
})

describe('before the binding is confirmed', () => {
  it('reads state on every call while no connection is up', async () => {
    connection = undefined
    await store.list('skills')
    await store.list('skills')
    expect(fake.count('state::list')).toBe(2)
    expect(fake.count('engine::functions::info')).toBe(0)
    expect(store.trusted).toBe(false)
  })

  it('reads state on the first call and asks the engine whether the binding is live', async () => {
    await store.list('skills')
    expect(fake.count('state::list')).toBe(1)
    expect(fake.calls).toContain('engine::functions::info')
  })

  it.each([
    ['the engine lists no binding for one scope', () => { fake.boundScopes = ['skills'] }],
    ['the engine cannot describe the function', () => { fake.infoFails = true }],
  ])('stays off when %s, and asks again after a second', async (_case, arrange) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    arrange()
    await store.list('skills')
    await store.list('skills')
    await store.list('skills')
    expect(store.trusted).toBe(false)
    expect(fake.count('state::list')).toBe(3)
    expect(fake.count('engine::functions::info')).toBe(1)
    vi.setSystemTime(Date.now() + 1000)
    fake.boundScopes = ['skills', 'prompts']
    fake.infoFails = false
    await store.list('skills')
    await vi.waitFor(() => expect(store.trusted).toBe(true))
    expect(fake.count('engine::functions::info')).toBe(2)
  })
})

describe('once the binding is confirmed', () => {
  it('answers repeated lists and views from the copy, and every get from the engine', async () => {
    await confirmed()
    const before = fake.calls.length
    const first = await store.list('skills')
    expect(await store.list('skills')).toBe(first)
    const view = await store.view('skills', 'ids', (values) => values.map((v) => (v as { id: string }).id))
    expect(await store.view('skills', 'ids', () => ['never computed'])).toBe(view)
    expect(await store.get('skills', 'a')).toEqual({ id: 'a', skill: '# A', registered_at: 't' })
    expect(await store.get('skills', 'a')).toEqual({ id: 'a', skill: '# A', registered_at: 't' })
    expect(await store.get('skills', 'missing')).toBeUndefined()
    expect(await store.get('skills', 'missing')).toBeUndefined()
    expect(fake.calls.slice(before)).toEqual(['state::list', 'state::list', 'state::get', 'state::get', 'state::get', 'state::get'])
    expect(log.messages()).toContain(LOG.registryCacheOn)
  })

  it('drops the copy of the scope a state event names, and only that one', async () => {
    await confirmed()
    await store.list('skills')
    await store.list('prompts')
    fake.rows.get('skills')!.set('b', { id: 'b', skill: '# B', registered_at: 't' })
    await fake.functions.get(store.functionId)!({ type: 'state', event_type: 'state:created', scope: 'skills', key: 'b' })
    const before = fake.count('state::list')
    expect((await store.list('skills')).map((v) => (v as { id: string }).id)).toEqual(['a', 'b'])
    await store.list('prompts')
    expect(fake.count('state::list')).toBe(before + 1)
  })

  it('drops every copy on an event that names no scope', async () => {
    await confirmed()
    await store.list('prompts')
    store.stateChanged({})
    const before = fake.count('state::list')
    await store.list('skills')
    await store.list('prompts')
    expect(fake.count('state::list')).toBe(before + 2)
  })

  it.each([
    ['set', () => store.set('skills', 'c', { id: 'c', skill: '# C', registered_at: 't' })],
    ['delete', () => store.delete('skills', 'a')],
  ])('drops the copy after its own %s, before any event arrives', async (_op, write) => {
    await confirmed()
    await store.get('skills', 'a')
    await write()
    const before = fake.calls.length
    await store.list('skills')
    await store.get('skills', 'a')
    expect(fake.calls.slice(before)).toEqual(['state::list', 'state::get'])
  })

  it('starts over on a new connection and confirms the binding there again', async () => {
    await confirmed()
    connection = 'conn-2'
    expect(store.trusted).toBe(false)
    const before = fake.calls.length
    await store.list('skills')
    expect(fake.calls.slice(before)).toEqual(['engine::functions::info', 'state::list'])
    await vi.waitFor(() => expect(store.trusted).toBe(true))
    const lists = fake.count('state::list')
    await store.list('skills')
    await store.list('skills')
    expect(fake.count('state::list')).toBe(lists + 1)
  })

  it('shares one state::list between concurrent callers and does not keep one a write overtook', async () => {
    await confirmed()
    store.stateChanged({ scope: 'skills' })
    fake.holdLists = true
    const before = fake.count('state::list')
    const first = store.list('skills')
    const second = store.list('skills')
    await vi.waitFor(() => expect(fake.held).toHaveLength(1))
    store.stateChanged({ scope: 'skills' })
    const third = store.list('skills')
    await vi.waitFor(() => expect(fake.held).toHaveLength(2))
    for (const d of fake.held) d.resolve(undefined)
    expect(await first).toBe(await second)
    expect(await third).not.toBe(await first)
    fake.holdLists = false
    const fourth = await store.list('skills')
    expect(fourth).toBe(await third)
    expect(fake.count('state::list')).toBe(before + 2)
  })

  it('does not keep a failed read, so the next call asks again', async () => {
    await confirmed()
    store.stateChanged({ scope: 'skills' })
    fake.holdLists = true
    const failing = store.view('skills', 'ids', identity)
    await vi.waitFor(() => expect(fake.held).toHaveLength(1))
    fake.held[0]!.reject(new Error('state down'))
    await expect(failing).rejects.toThrow('state down')
    fake.holdLists = false
    expect(await store.view('skills', 'ids', identity)).toHaveLength(1)
  })

  it('leaves scopes it does not cache alone', async () => {
    await confirmed()
    fake.rows.set('other', new Map([['k', 1]]))
    const before = fake.count('state::list')
    await store.list('other')
    await store.list('other')
    expect(fake.count('state::list')).toBe(before + 2)
  })
})
