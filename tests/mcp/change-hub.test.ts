import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BASELINE_WAIT_MS, ChangeHub, isWatchedUri, type ChangeNotification, type HubSession } from '../../src/mcp/change-hub.js'
import { skillIdsOf } from '../../src/mcp/change-feed.js'
import { silentLogger } from '../support/silent-logger.js'

/** What the views answer now; tests mutate it and signal the hub. */
interface World {
  resources: string[]
  prompts: string[]
  tools: string[]
  bodies: Record<string, string>
  failing: Set<string>
  hanging: Set<string>
  calls: Array<[string, unknown]>
}

function world(): World {
  return { resources: ['iii://skills'], prompts: [], tools: ['skill__fetch'], bodies: { 'iii://skills': '# Skills\n' }, failing: new Set(), hanging: new Set(), calls: [] }
}

function hubOn(w: World): ChangeHub {
  return new ChangeHub(async (method, params) => {
    w.calls.push([method, params])
    if (w.failing.has(method)) throw new Error(`${method} failed`)
    if (w.hanging.has(method)) return new Promise(() => undefined)
    if (method === 'resources/list') return { resources: w.resources.map((uri) => ({ uri, name: uri })) }
    if (method === 'prompts/list') return { prompts: w.prompts.map((name) => ({ name })) }
    if (method === 'tools/list') return { tools: w.tools.map((name) => ({ name })) }
    const uri = (params as { uri: string }).uri
    return { contents: uri in w.bodies ? [{ uri, text: w.bodies[uri] }] : [] }
  }, silentLogger())
}

function session(...uris: string[]): HubSession & { got: ChangeNotification[] } {
  const got: ChangeNotification[] = []
  return { subscriptions: new Set(uris), notify: (n) => void got.push(n), got }
}

const LIST = { method: 'notifications/resources/list_changed' }
const PROMPTS = { method: 'notifications/prompts/list_changed' }
const TOOLS = { method: 'notifications/tools/list_changed' }
const updated = (uri: string) => ({ method: 'notifications/resources/updated', params: { uri } })

let w: World
let hub: ChangeHub

beforeEach(() => {
  vi.useFakeTimers({ now: 5_000_000 })
  w = world()
  hub = hubOn(w)
})

afterEach(() => {
  hub.close()
  vi.useRealTimers()
})

const settle = () => vi.advanceTimersByTimeAsync(1000)

describe('ChangeHub', () => {
  it('reads nothing while no session is attached', async () => {
    hub.skillsChanged(['a'])
    hub.promptsChanged()
    hub.functionsChanged()
    await settle()
    expect(w.calls).toEqual([])
  })

  it('keeps a fingerprint of each view, not its text (a listing of 10,000 skills is 4 MB)', async () => {
    w.resources = Array.from({ length: 10_000 }, (_, i) => `iii://skill-${i}`)
    await hub.attach(session())
    const kept = [...(hub as unknown as { baselines: Map<string, string> }).baselines.values()]
    expect(kept).toHaveLength(3)
    for (const value of kept) expect(value).toMatch(/^[A-Za-z0-9+/]{43}=$/)
    const s = session()
    await hub.attach(s)
    w.resources = [...w.resources, 'iii://one-more']
    hub.skillsChanged(['one-more'])
    await settle()
    expect(s.got).toEqual([LIST])
  })

  it('reads a paged listing page by page, and notices a change on its last page', async () => {
    const paged = new ChangeHub(async (method, params) => {
      w.calls.push([method, params])
      if (method !== 'resources/list') return {}
      const offset = Number((params as { cursor?: string }).cursor ?? 0)
      const page = w.resources.slice(offset, offset + 2).map((uri) => ({ uri }))
      return offset + 2 < w.resources.length ? { resources: page, nextCursor: String(offset + 2) } : { resources: page }
    }, silentLogger())
    w.resources = ['iii://skills', 'iii://a', 'iii://b', 'iii://c', 'iii://d']
    const s = session()
    await paged.attach(s)
    expect(w.calls.filter(([m]) => m === 'resources/list').map(([, p]) => p)).toEqual([{}, { cursor: '2' }, { cursor: '4' }])
    paged.skillsChanged(['d'])
    await settle()
    expect(s.got).toEqual([])
    w.resources = [...w.resources.slice(0, 4), 'iii://e']
    paged.skillsChanged(['e'])
    await settle()
    expect(s.got).toEqual([LIST])
    paged.close()
  })

  it('takes the three list baselines before attach resolves', async () => {
    await hub.attach(session())
    expect(w.calls.map(([method]) => method).sort()).toEqual(['prompts/list', 'resources/list', 'tools/list'])
  })

  it('notifies every session of a resource list that changed, once', async () => {
    const [a, b] = [session(), session()]
    await hub.attach(a)
    await hub.attach(b)
    w.resources.push('iii://alpha')
    hub.skillsChanged(['alpha'])
    await settle()
    expect([a.got, b.got]).toEqual([[LIST], [LIST]])
  })

  it('sends nothing for a signal that changed nothing', async () => {
    const a = session('iii://skills', 'iii://alpha')
    await hub.attach(a)
    hub.skillsChanged(['alpha'])
    hub.promptsChanged()
    hub.functionsChanged()
    await settle()
    expect(a.got).toEqual([])
  })

  it.each([
    ['prompts', () => w.prompts.push('p'), () => hub.promptsChanged(), PROMPTS],
    ['tools', () => w.tools.push('demo__x'), () => hub.functionsChanged(), TOOLS],
  ])('notifies a changed %s list', async (_kind, mutate, signal, expected) => {
    const a = session()
    await hub.attach(a)
    mutate()
    signal()
    await settle()
    expect(a.got).toEqual([expected])
  })

  it('re-checks resources and prompts when functions change (a skills worker that appears)', async () => {
    const a = session()
    await hub.attach(a)
    w.resources.push('iii://alpha')
    w.prompts.push('p')
    hub.functionsChanged()
    await settle()
    expect(a.got).toEqual(expect.arrayContaining([LIST, PROMPTS]))
    expect(a.got).toHaveLength(2)
  })

  it('sends resources/updated only to sessions subscribed to the URI, and only when its text changed', async () => {
    w.bodies['iii://alpha'] = 'one'
    const [subscribed, other, none] = [session('iii://alpha'), session('iii://beta'), session()]
    for (const s of [subscribed, other, none]) await hub.attach(s)
    await hub.subscribed('iii://alpha')
    await hub.subscribed('iii://beta')
    w.bodies['iii://alpha'] = 'two'
    hub.skillsChanged(['alpha'])
    await settle()
    hub.skillsChanged(['alpha'])
    await settle()
    expect([subscribed.got, other.got, none.got]).toEqual([[updated('iii://alpha')], [], []])
  })

  it('reads only the subscribed skills a signal names, plus the index', async () => {
    const a = session('iii://skills', 'iii://alpha', 'iii://beta')
    await hub.attach(a)
    for (const uri of a.subscriptions) await hub.subscribed(uri)
    w.calls = []
    hub.skillsChanged(['beta'])
    await settle()
    const reads = w.calls.filter(([method]) => method === 'resources/read').map(([, params]) => (params as { uri: string }).uri)
    expect(reads.sort()).toEqual(['iii://beta', 'iii://skills'])
  })

  it('reads every subscribed skill when a signal names none', async () => {
    const a = session('iii://alpha', 'iii://beta')
    await hub.attach(a)
    for (const uri of a.subscriptions) await hub.subscribed(uri)
    w.bodies['iii://beta'] = 'new'
    hub.skillsChanged()
    await settle()
    expect(a.got).toEqual([updated('iii://beta')])
  })

  it('announces an index whose text changed to its subscribers', async () => {
    const a = session('iii://skills')
    await hub.attach(a)
    await hub.subscribed('iii://skills')
    w.bodies['iii://skills'] = '# Skills\n- alpha\n'
    w.resources.push('iii://alpha')
    hub.skillsChanged(['alpha'])
    await settle()
    expect(a.got).toEqual(expect.arrayContaining([LIST, updated('iii://skills')]))
    expect(a.got).toHaveLength(2)
  })

  it('never reads section URIs (reading one runs a function)', async () => {
    const a = session('iii://fn/demo/status')
    await hub.attach(a)
    await hub.subscribed('iii://fn/demo/status')
    hub.skillsChanged()
    await settle()
    expect(w.calls.filter(([method]) => method === 'resources/read')).toEqual([])
  })

  it('forgets nothing across a burst: 20 changes in 50 ms cost at most two checks and end on the final state', async () => {
    const a = session()
    await hub.attach(a)
    w.calls = []
    for (let i = 0; i < 20; i++) {
      w.resources.push(`iii://s${i}`)
      hub.skillsChanged([`s${i}`])
      await vi.advanceTimersByTimeAsync(2.5)
    }
    await settle()
    const lists = w.calls.filter(([method]) => method === 'resources/list')
    expect(lists.length).toBeLessThanOrEqual(2)
    expect(a.got.length).toBeGreaterThanOrEqual(1)
    // The last check saw every write: a further signal finds nothing new to announce.
    a.got.length = 0
    hub.skillsChanged()
    await settle()
    expect(a.got).toEqual([])
  })

  it('skips a check whose view fails and compares against the last good one', async () => {
    const a = session()
    await hub.attach(a)
    w.failing.add('resources/list')
    w.resources.push('iii://alpha')
    hub.skillsChanged(['alpha'])
    await settle()
    expect(a.got).toEqual([])
    w.failing.clear()
    hub.skillsChanged(['alpha'])
    await settle()
    expect(a.got).toEqual([LIST])
  })

  it('lets a session attach after BASELINE_WAIT_MS when a view does not answer yet (E19.3: initialize does not wait for the first scan)', async () => {
    w.hanging.add('resources/list')
    let attached = false
    void hub.attach(session()).then(() => (attached = true))
    await vi.advanceTimersByTimeAsync(BASELINE_WAIT_MS - 1)
    expect(attached).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(attached).toBe(true)
  })

  it('waits only what is left of the budget its caller passes, never more than BASELINE_WAIT_MS', async () => {
    w.hanging.add('resources/list')
    let attached = false
    void hub.attach(session(), 5).then(() => (attached = true))
    await vi.advanceTimersByTimeAsync(4)
    expect(attached).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(attached).toBe(true)
    let late = false
    void hub.attach(session(), 10 * BASELINE_WAIT_MS).then(() => (late = true))
    await vi.advanceTimersByTimeAsync(BASELINE_WAIT_MS)
    expect(late).toBe(true)
  })

  it('notifies a change signalled before the baselines were in, whatever they hold (E19.3)', async () => {
    w.hanging.add('resources/list')
    const a = session()
    const attaching = hub.attach(a)
    await vi.advanceTimersByTimeAsync(BASELINE_WAIT_MS)
    await attaching
    // The change lands before the first listing answers: the baseline will already hold it.
    w.resources.push('iii://alpha')
    w.hanging.delete('resources/list')
    hub.skillsChanged(['alpha'])
    await vi.advanceTimersByTimeAsync(1000)
    expect(a.got).toContainEqual(LIST)
  })

  it('gives up on a view that never answers after 10 s and checks again on the next signal', async () => {
    const a = session()
    await hub.attach(a)
    w.hanging.add('resources/list')
    w.resources.push('iii://alpha')
    hub.skillsChanged(['alpha'])
    await vi.advanceTimersByTimeAsync(10_000)
    expect(a.got).toEqual([])
    w.hanging.clear()
    hub.skillsChanged(['alpha'])
    await settle()
    expect(a.got).toEqual([LIST])
  })

  it('starts from fresh baselines after the last session left', async () => {
    const a = session()
    await hub.attach(a)
    hub.detach(a)
    w.resources.push('iii://alpha')
    const b = session()
    await hub.attach(b)
    hub.skillsChanged(['alpha'])
    await settle()
    expect(b.got).toEqual([])
  })

  it('stops reading a URI once no session is subscribed to it', async () => {
    const a = session('iii://alpha')
    await hub.attach(a)
    await hub.subscribed('iii://alpha')
    ;(a.subscriptions as Set<string>).delete('iii://alpha')
    hub.unsubscribed('iii://alpha')
    w.calls = []
    hub.skillsChanged(['alpha'])
    await settle()
    expect(w.calls.filter(([method]) => method === 'resources/read')).toEqual([])
  })
})

describe('isWatchedUri', () => {
  it.each([
    ['iii://skills', true],
    ['iii://alpha/beta', true],
    ['iii://fn/demo/status', false],
    ['iii://', false],
    ['file:///x', false],
  ])('%s => %s', (uri, watched) => {
    expect(isWatchedUri(uri)).toBe(watched)
  })
})

describe('skillIdsOf', () => {
  it.each([
    ['an on-change event', { op: 'register', id: 'a/b' }, ['a/b']],
    ['an fs on-change event', { op: 'unregister', id: 'c', origin: 'fs' }, ['c']],
    ['a state event', { type: 'state', event_type: 'state:created', scope: 'skills', key: 'k' }, ['k']],
    ['an event naming nothing', { op: 'register' }, undefined],
    ['null', null, undefined],
  ])('reads %s', (_label, event, ids) => {
    expect(skillIdsOf(event)).toEqual(ids)
  })
})
