/**
 * Change notifications of the full profile end to end: the embedded engine, the skills worker, the
 * change feed and the HTTP endpoint, with real SDK clients listening on their GET streams. Every
 * kind of change reaches the client within 1 s; changes that did not happen send nothing;
 * resources/updated goes to subscribers only; a burst is debounced and ends on its final state.
 */
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { registerWorker } from 'iii-sdk'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { connectMcpClient, type ConnectedMcpClient } from '../support/mcp-client.js'
import { LIST_CHANGED, recordNotifications, RESOURCE_UPDATED, type NotificationLog } from '../support/mcp-notifications.js'
import { CHANGE_FEED_PREFIX } from '../../src/mcp/change-feed.js'
import { SDK_OPTIONS } from '../support/sdk-client.js'
import { FS_SKILLS, startLiveFront, type LiveFront } from './live-front.js'

/** Long enough for a change that is coming to have arrived (checks run within 100 ms). */
const QUIET_MS = 400

let live: LiveFront
let mcp: ConnectedMcpClient
let log: NotificationLog

beforeAll(async () => {
  live = await startLiveFront()
})

afterAll(async () => {
  await live?.close()
})

beforeEach(async () => {
  await live.wipe()
  await sleep(QUIET_MS)
  mcp = await connectMcpClient(live.http.url)
  log = recordNotifications(mcp.client)
})

afterEach(async () => {
  await mcp.close()
  expect(mcp.errors).toEqual([])
})

const register = (id: string, skill = `# ${id}\n\nBody of ${id}.\n`) => live.call('skills::register', { id, skill })
const row = (id: string, title: string) => ({ id, skill: `# ${title}\n\nWritten straight into state.\n`, registered_at: '2026-01-02T03:04:05.678+00:00' })

describe('resources/list_changed', () => {
  it('arrives within 1 s of a register', async () => {
    await register('alpha')
    await log.waitFor(LIST_CHANGED.resources)
    expect((await mcp.client.listResources()).resources.map((r) => r.uri)).toContain('iii://alpha')
  })

  it('arrives within 1 s of an unregister', async () => {
    await register('alpha')
    await log.waitFor(LIST_CHANGED.resources)
    const since = performance.now()
    expect(await live.call('skills::unregister', { id: 'alpha' })).toEqual({ id: 'alpha', removed: true })
    await log.waitFor(LIST_CHANGED.resources, { since })
  })

  it('is not sent for an unregister that removed nothing', async () => {
    expect(await live.call('skills::unregister', { id: 'never-there' })).toEqual({ id: 'never-there', removed: false })
    await sleep(QUIET_MS)
    expect(log.all).toEqual([])
  })

  it('is not sent when a register leaves the list as it was (same body again)', async () => {
    await register('alpha')
    await log.waitFor(LIST_CHANGED.resources)
    await sleep(QUIET_MS)
    const since = performance.now()
    await register('alpha')
    await sleep(QUIET_MS)
    expect(log.of(LIST_CHANGED.resources, { since })).toEqual([])
  })

  it('arrives within 1 s of a direct state write to the skills scope, and of a direct delete', async () => {
    await live.call('state::set', { scope: 'skills', key: 'direct', value: row('direct', 'Direct') })
    await log.waitFor(LIST_CHANGED.resources)
    const since = performance.now()
    await live.call('state::delete', { scope: 'skills', key: 'direct' })
    await log.waitFor(LIST_CHANGED.resources, { since })
  })
})

describe('resources/updated', () => {
  it('reaches the session subscribed to a skill within 1 s of its change, and no other session', async () => {
    await register('alpha')
    const other = await connectMcpClient(live.http.url, 'other')
    const otherLog = recordNotifications(other.client)
    try {
      await mcp.client.subscribeResource({ uri: 'iii://alpha' })
      await register('alpha', '# Alpha\n\nRewritten.\n')
      await log.waitFor(RESOURCE_UPDATED, { uri: 'iii://alpha' })
      await sleep(QUIET_MS)
      expect(otherLog.of(RESOURCE_UPDATED)).toEqual([])
      expect(other.errors).toEqual([])
    } finally {
      await other.close()
    }
  })

  it('is sent for a direct state write to a subscribed skill', async () => {
    await mcp.client.subscribeResource({ uri: 'iii://direct' })
    await live.call('state::set', { scope: 'skills', key: 'direct', value: row('direct', 'Direct') })
    await log.waitFor(RESOURCE_UPDATED, { uri: 'iii://direct' })
  })

  it('is sent for iii://skills whenever the index text changes', async () => {
    await mcp.client.subscribeResource({ uri: 'iii://skills' })
    await register('alpha')
    await log.waitFor(RESOURCE_UPDATED, { uri: 'iii://skills' })
  })

  it('is not sent for a change that leaves the subscribed text as it was', async () => {
    await register('alpha')
    await mcp.client.subscribeResource({ uri: 'iii://alpha' })
    await register('alpha')
    await register('beta')
    await log.waitFor(LIST_CHANGED.resources)
    await sleep(QUIET_MS)
    expect(log.of(RESOURCE_UPDATED)).toEqual([])
  })

  it('stops after unsubscribe', async () => {
    await register('alpha')
    await mcp.client.subscribeResource({ uri: 'iii://alpha' })
    await mcp.client.unsubscribeResource({ uri: 'iii://alpha' })
    await register('alpha', '# Alpha\n\nRewritten.\n')
    await register('beta')
    await log.waitFor(LIST_CHANGED.resources)
    await sleep(QUIET_MS)
    expect(log.of(RESOURCE_UPDATED)).toEqual([])
  })
})

describe('fs on-change events (what the fs index sends for a file edit)', () => {
  /** Delivers `event` the way the engine does: to the change feed's function for that trigger type. */
  async function deliver(kind: 'skills' | 'prompts', event: object): Promise<void> {
    const { functions } = await live.call<{ functions: Array<{ function_id: string }> }>('engine::functions::list', {
      include_internal: true,
      prefix: CHANGE_FEED_PREFIX,
    })
    const target = functions.find((fn) => fn.function_id.endsWith(`::${kind}`))!.function_id
    await live.call(target, event)
  }

  it('turn a file added, edited and removed into list_changed and resources/updated', async () => {
    const file = join(live.root, FS_SKILLS, 'from-disk.md')
    await writeFile(file, '# From disk\n\nWritten.\n')
    await deliver('skills', { op: 'register', id: 'from-disk', origin: 'fs' })
    await log.waitFor(LIST_CHANGED.resources)
    await mcp.client.subscribeResource({ uri: 'iii://from-disk' })
    await writeFile(file, '# From disk\n\nEdited.\n')
    await deliver('skills', { op: 'register', id: 'from-disk', origin: 'fs' })
    await log.waitFor(RESOURCE_UPDATED, { uri: 'iii://from-disk' })
    const since = performance.now()
    await rm(file)
    await deliver('skills', { op: 'unregister', id: 'from-disk', origin: 'fs' })
    await log.waitFor(LIST_CHANGED.resources, { since })
  })

  it('send nothing for an fs event about a file whose content did not change', async () => {
    await deliver('skills', { op: 'register', id: 'nothing-here', origin: 'fs' })
    await deliver('prompts', { op: 'register', name: 'nothing-here', origin: 'fs' })
    await sleep(QUIET_MS)
    expect(log.all).toEqual([])
  })
})

describe('prompts/list_changed', () => {
  it('arrives within 1 s of a prompt register and of its unregister', async () => {
    await live.call('prompts::register', { name: 'greet', description: 'Greets.', function_id: 'demo::greet' })
    await log.waitFor(LIST_CHANGED.prompts)
    const since = performance.now()
    await live.call('prompts::unregister', { name: 'greet' })
    await log.waitFor(LIST_CHANGED.prompts, { since })
  })

  it('arrives within 1 s of a direct state write to the prompts scope', async () => {
    const value = { name: 'direct', description: 'Direct.', arguments: [], function_id: 'demo::x', registered_at: '2026-01-02T03:04:05.678+00:00' }
    await live.call('state::set', { scope: 'prompts', key: 'direct', value })
    await log.waitFor(LIST_CHANGED.prompts)
  })
})

describe('tools/list_changed', () => {
  it('arrives within 1 s of a function appearing and of it going', async () => {
    const other = registerWorker(live.engine.url, SDK_OPTIONS)
    try {
      const fn = other.registerFunction('demo::ping', async () => 'pong', { description: 'Ping.' })
      await log.waitFor(LIST_CHANGED.tools, { timeoutMs: 2000 })
      expect((await mcp.client.listTools()).tools.map((tool) => tool.name)).toContain('demo__ping')
      const since = performance.now()
      fn.unregister()
      await log.waitFor(LIST_CHANGED.tools, { since })
      expect((await mcp.client.listTools()).tools.map((tool) => tool.name)).not.toContain('demo__ping')
    } finally {
      await other.shutdown()
    }
  })

  it('is not sent when only internal functions come and go', async () => {
    const other = registerWorker(live.engine.url, SDK_OPTIONS)
    other.registerFunction('skills::not-a-tool', async () => null)
    other.registerFunction('demo::hidden', async () => null, { metadata: { internal: true } })
    await sleep(QUIET_MS)
    await other.shutdown()
    await sleep(QUIET_MS)
    expect(log.of(LIST_CHANGED.tools)).toEqual([])
  })
})

describe('debouncing', () => {
  it('announces a burst of 20 registers at most twice per 100 ms, ending on the final state', async () => {
    const listings: string[][] = []
    const listed: Promise<void>[] = []
    const record = mcp.client.fallbackNotificationHandler!
    mcp.client.fallbackNotificationHandler = async (notification) => {
      await record(notification)
      // What a client does with the notification: list again.
      if (notification.method === LIST_CHANGED.resources) {
        listed.push(mcp.client.listResources().then(({ resources }) => void listings.push(resources.map((r) => r.uri))))
      }
    }
    const ids = Array.from({ length: 20 }, (_, i) => `burst-${String(i).padStart(2, '0')}`)
    const started = performance.now()
    await Promise.all(ids.map((id) => register(id)))
    await sleep(1000)
    await Promise.all(listed)
    const times = log.of(LIST_CHANGED.resources).map((n) => n.at)
    expect(times.length).toBeGreaterThanOrEqual(1)
    for (const t of times) expect(times.filter((u) => u >= t && u < t + 100).length).toBeLessThanOrEqual(2)
    expect(times.at(-1)!).toBeGreaterThanOrEqual(started)
    expect(listings.at(-1)).toEqual(expect.arrayContaining(ids.map((id) => `iii://${id}`)))
  })
})
