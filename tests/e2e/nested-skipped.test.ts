/**
 * E13.4: a nested SKILL.md that the loader skips (a test asset without frontmatter) is no skill of
 * its own, so its files stay the enclosing skill's: listed by describe_skill and skills/list, and
 * readable with read_skill_file. A nested SKILL.md that is served keeps its files to itself.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { E2E_TIMEOUT_MS, spawnEmbeddedSkills, stopAllChildren, type EmbeddedSkills } from '../support/processes.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

let dir: string
let env: EmbeddedSkills

beforeAll(async () => {
  dir = await makeTempDir()
  await writeTree(dir, {
    'skills/tester/SKILL.md': '---\nname: tester\ndescription: Writes tests. Use when asked for tests.\n---\n# Tester\n',
    'skills/tester/fixtures/broken/SKILL.md': '# A test asset, no frontmatter\n',
    'skills/tester/fixtures/broken/input.md': 'input\n',
    'skills/tester/nested/SKILL.md': '---\nname: nested\ndescription: A skill of its own. Use when nesting.\n---\n# Nested\n',
    'skills/tester/nested/own.md': 'own\n',
  })
  env = await spawnEmbeddedSkills(['--skills-dir', `${dir}/skills`, '--no-ui'])
})

afterAll(async () => {
  await env?.sdk.close()
  await stopAllChildren()
  await removeTempDir(dir)
})

describe('a nested SKILL.md that is skipped (E13.4)', () => {
  it('leaves its files to the enclosing skill, listed and readable; a served one keeps its own', async () => {
    const described = await env.sdk.call<{ skill: { files: Array<{ path: string }> } }>('skill::describe_skill', { name: 'tester', detail: 'full' })
    expect(described.skill.files.map((f) => f.path)).toEqual(['SKILL.md', 'fixtures/broken/SKILL.md', 'fixtures/broken/input.md'])
    const read = await env.sdk.call<{ content: string }>('skill::read_skill_file', { name: 'tester', path: 'fixtures/broken/input.md' })
    expect(read.content).toBe('input\n')
    await expect(env.sdk.call('skill::read_skill_file', { name: 'tester', path: 'nested/own.md' })).rejects.toThrow(/not found/i)
    const nested = await env.sdk.call<{ content: string }>('skill::read_skill_file', { name: 'tester.nested', path: 'own.md' })
    expect(nested.content).toBe('own\n')
  })
})
