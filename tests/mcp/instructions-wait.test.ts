/**
 * E19.3: `initialize` does not wait for the first scan. The instructions carry the skill count when
 * it comes at once (a catalogue already scanned), and leave it out when the scan is still running.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BASELINE_WAIT_MS, type ChangeHub } from '../../src/mcp/change-hub.js'
import { COUNT_WAIT_MS, serverInstructions } from '../../src/mcp/instructions.js'
import { createFullServer } from '../../src/mcp/server-factory.js'
import type { SharedContext } from '../../src/mcp/methods.js'
import type { SkillIds } from '../../src/mcp/skill-ids.js'
import { fakeBackend } from './fake-backend.js'
import { silentLogger } from '../support/silent-logger.js'

const ids = (count: () => Promise<number>) => ({ skillIds: { count } as unknown as SkillIds })

describe('server instructions while the first scan runs (E19.3)', () => {
  it('count the skills when the catalogue answers at once', async () => {
    expect(await serverInstructions(ids(async () => 17))).toMatch(/^iii-skills serves 17 skills: /)
  })

  it('leave the count out, without waiting for the scan, when it does not come within the bound', async () => {
    const started = performance.now()
    const text = await serverInstructions(ids(() => new Promise<number>(() => undefined)))
    expect(performance.now() - started).toBeLessThan(COUNT_WAIT_MS + 500)
    expect(text).toMatch(/^iii-skills serves skills \(resources\/list lists them\): markdown instructions for agents/)
    expect(text).not.toMatch(/\d+ skills/)
  })

  it('leave it out when the count fails', async () => {
    expect(await serverInstructions(ids(() => Promise.reject(new Error('down'))))).toMatch(/^iii-skills serves skills /)
  })
})

/** createFullServer with a change hub that records the wait it is given, and a count that answers with `count`. */
function initializeWith(count: () => Promise<number>) {
  const waits: number[] = []
  const hub = { attach: async (_session: unknown, waitMs: number) => void waits.push(waitMs) } as unknown as ChangeHub
  const ctx: SharedContext = { backend: fakeBackend(), log: silentLogger(), serverVersion: '1.0.0', profile: 'full', ...ids(count) }
  return { waits, created: createFullServer({ ctx, hub }, { era: 'legacy' } as never) }
}

describe('a session\'s initialize while the first scan runs (E19.3)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('waits once: what the count took comes off the change hub\'s wait for its baselines', async () => {
    vi.useFakeTimers()
    const { waits, created } = initializeWith(() => new Promise<number>(() => undefined))
    let done = false
    void created.then(() => (done = true))
    await vi.advanceTimersByTimeAsync(COUNT_WAIT_MS)
    expect(done).toBe(true)
    expect(waits).toHaveLength(1)
    expect(waits[0]).toBeLessThanOrEqual(BASELINE_WAIT_MS - COUNT_WAIT_MS)
  })

  it('leaves the hub the whole wait when the count came at once', async () => {
    const { waits, created } = initializeWith(async () => 17)
    await created
    expect(waits[0]).toBeGreaterThan(BASELINE_WAIT_MS - 10)
  })
})
