import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChangeHub } from '../../src/mcp/change-hub.js'
import { McpSession } from '../../src/mcp/session.js'
import { silentLogger } from '../support/silent-logger.js'

const LIST = { method: 'notifications/resources/list_changed' } as const
const PROMPTS = { method: 'notifications/prompts/list_changed' } as const
const updated = (uri: string) => ({ method: 'notifications/resources/updated', params: { uri } }) as const

let sent: Array<{ method: string; at: number }>
let session: McpSession
let hubCalls: string[]

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
  sent = []
  hubCalls = []
  const server = { notification: async (n: { method: string; params?: { uri?: string } }) => void sent.push({ method: n.params?.uri ? `${n.method} ${n.params.uri}` : n.method, at: Date.now() }) }
  const hub = {
    subscribed: async (uri: string) => void hubCalls.push(`subscribed ${uri}`),
    unsubscribed: (uri: string) => void hubCalls.push(`unsubscribed ${uri}`),
    detach: () => void hubCalls.push('detach'),
  }
  session = new McpSession(server as unknown as Server, hub as unknown as ChangeHub, silentLogger())
})

afterEach(() => {
  session.close()
  vi.useRealTimers()
})

describe('McpSession', () => {
  it('sends at most one of a kind per 100 ms, the first at once and the last at the end of the window', async () => {
    for (let t = 0; t < 250; t += 10) {
      session.notify(LIST)
      await vi.advanceTimersByTimeAsync(10)
    }
    await vi.advanceTimersByTimeAsync(500)
    expect(sent).toEqual([
      { method: LIST.method, at: 0 },
      { method: LIST.method, at: 100 },
      { method: LIST.method, at: 200 },
      { method: LIST.method, at: 300 },
    ])
  })

  it('throttles each kind and each URI on its own', async () => {
    await session.subscribe('iii://a')
    await session.subscribe('iii://b')
    for (const n of [LIST, PROMPTS, updated('iii://a'), updated('iii://b'), LIST, updated('iii://a')]) session.notify(n)
    await vi.advanceTimersByTimeAsync(0)
    expect(sent.map((s) => s.method).sort()).toEqual([
      PROMPTS.method,
      LIST.method,
      'notifications/resources/updated iii://a',
      'notifications/resources/updated iii://b',
    ])
  })

  it('drops a pending resources/updated when the session unsubscribes', async () => {
    await session.subscribe('iii://a')
    session.notify(updated('iii://a'))
    await vi.advanceTimersByTimeAsync(0)
    session.notify(updated('iii://a'))
    session.unsubscribe('iii://a')
    await vi.advanceTimersByTimeAsync(500)
    expect(sent.map((s) => s.method)).toEqual(['notifications/resources/updated iii://a'])
  })

  it('never sends resources/updated for a URI it is not subscribed to', async () => {
    session.notify(updated('iii://a'))
    await vi.advanceTimersByTimeAsync(500)
    expect(sent).toEqual([])
  })

  it('tells the hub about subscriptions and its end, and sends nothing once closed', async () => {
    await session.subscribe('iii://a')
    session.unsubscribe('iii://a')
    session.unsubscribe('iii://never')
    session.close()
    session.notify(LIST)
    await vi.advanceTimersByTimeAsync(500)
    expect([hubCalls, sent]).toEqual([['subscribed iii://a', 'unsubscribed iii://a', 'detach'], []])
  })
})
