/**
 * E11.4 against a real process: a skill holding a 1 MiB one-word file and a 1 MiB file of random
 * letters, read with `max_tokens`, described and outlined, while other calls keep being answered
 * promptly. (Before E11.4 the first read held the process for minutes.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { E2E_TIMEOUT_MS, spawnEmbeddedSkills, stopAllChildren, type EmbeddedSkills } from '../support/processes.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { lettersAtRandom } from '../support/random-letters.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const MiB = 1024 * 1024
let dir: string
let env: EmbeddedSkills


beforeAll(async () => {
  dir = await makeTempDir()
  await writeTree(dir, {
    'skills/long/SKILL.md': `---\nname: long\ndescription: One very long word.\n---\n# Long\n\n${'a'.repeat(120 * 1024)}\n`,
    'skills/long/references/word.txt': 'b'.repeat(MiB - 1),
    'skills/long/references/letters.txt': lettersAtRandom(MiB - 1, 3),
  })
  env = await spawnEmbeddedSkills(['--skills-dir', `${dir}/skills`, '--no-ui'])
})

afterAll(async () => {
  await env?.sdk.close()
  await stopAllChildren()
  await removeTempDir(dir)
})

describe('one long word freezes nothing (E11.4)', () => {
  it('counts while another caller is answered within a second each time', async () => {
    const waits: number[] = []
    let counting = true
    const other = (async () => {
      while (counting) {
        const start = performance.now()
        await env.sdk.call('skills::list', {})
        waits.push(performance.now() - start)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    })()
    const start = performance.now()
    try {
      for (const path of ['references/word.txt', 'references/letters.txt']) {
        const page = await env.sdk.call<{ content: string; next_cursor?: string }>('skill::read_skill_file', { name: 'long', path, max_tokens: 1000 }, 20_000)
        expect(page.content.length).toBeGreaterThan(0)
        expect(page.next_cursor).toBeDefined()
      }
      const described = await env.sdk.call<{ skill: { tokens: number } }>('skill::describe_skill', { name: 'long', detail: 'summary' }, 20_000)
      expect(described.skill.tokens).toBeGreaterThan(1000)
      const outline = await env.sdk.call<{ tokens: number }>('skill::outline', { uri: 'iii://long' }, 20_000)
      expect(outline.tokens).toBe(described.skill.tokens)
    } finally {
      counting = false
      await other
    }
    expect(performance.now() - start).toBeLessThan(20_000)
    expect(waits.length).toBeGreaterThan(0)
    expect(Math.max(...waits)).toBeLessThan(1000)
  })
})
