/**
 * E19.3: `initialize` does not wait for the first scan. The instructions carry the skill count when
 * it comes at once (a catalogue already scanned), and leave it out when the scan is still running.
 */
import { describe, expect, it } from 'vitest'
import { COUNT_WAIT_MS, serverInstructions } from '../../src/mcp/instructions.js'
import type { SkillIds } from '../../src/mcp/skill-ids.js'

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
