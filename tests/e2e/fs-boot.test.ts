/**
 * A config full of bad filesystem entries still boots (issue "Filesystem-backed skills", done-when 3):
 * a bad glob pattern, a prompt file that cannot be read as text, a skill file with an invalid id and
 * a prompt with broken YAML are each named in one `skipped fs entry` warning, and every good entry
 * is served.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { LOG } from '../../src/core/messages.js'
import { E2E_TIMEOUT_MS, spawnEmbeddedSkills, stopAllChildren, type ChildHandle, type LogLine } from '../support/processes.js'
import type { SdkClient } from '../support/sdk-client.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const WARN = 40
let dir: string
let worker: ChildHandle
let client: SdkClient

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'skills-e2e-fs-boot-'))
  await mkdir(join(dir, 'skills'))
  await mkdir(join(dir, 'prompts'))
  await writeFile(join(dir, 'config.yaml'), "skills:\n  - skills/**/*.md\n  - '[unclosed'\nprompts:\n  - prompts/*.md\n")
  await writeFile(join(dir, 'skills', 'good.md'), '# Good skill\n\nServed despite its neighbours.\n')
  await writeFile(join(dir, 'skills', 'Bad Name.md'), '# Bad\n')
  await writeFile(join(dir, 'prompts', 'ok.md'), '---\ndescription: A good prompt.\n---\nDo the good thing.\n')
  await writeFile(join(dir, 'prompts', 'broken.md'), '---\ndescription: [unclosed\n---\nBody.\n')
  await writeFile(join(dir, 'prompts', 'unreadable.md'), Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe, 0x0a]))
  ;({ skills: worker, sdk: client } = await spawnEmbeddedSkills(['--config', join(dir, 'config.yaml')]))
})

afterAll(async () => {
  await client?.close()
  await stopAllChildren()
  await rm(dir, { recursive: true, force: true })
})

const skips = (): LogLine[] => worker.logs.filter((line) => line.msg === LOG.fsEntrySkipped)

describe('booting with bad filesystem entries', () => {
  it('names each bad entry in one warning with its kind, path and reason', async () => {
    await worker.waitForLog(LOG.fsScanComplete)
    const byPath = new Map(skips().map((line) => [line.path, line]))
    expect(skips()).toHaveLength(4)
    expect(skips().every((line) => line.level === WARN)).toBe(true)
    expect(byPath.get(join(dir, 'skills', 'Bad Name.md'))).toMatchObject({
      kind: 'skill',
      reason: 'invalid id "Bad Name": invalid id (segment 1 of "Bad Name"): ' +
        `segment may only contain lowercase ASCII letters, digits, '-' and '_': "Bad Name"`,
    })
    expect(byPath.get('[unclosed')).toMatchObject({ kind: 'skill', reason: expect.stringMatching(/^invalid glob "\[unclosed": /) })
    expect(byPath.get(join(dir, 'prompts', 'broken.md'))).toMatchObject({
      kind: 'prompt', reason: expect.stringMatching(/^invalid frontmatter YAML: /),
    })
    expect(byPath.get(join(dir, 'prompts', 'unreadable.md'))).toMatchObject({
      kind: 'prompt', reason: 'read: stream did not contain valid UTF-8',
    })
  })

  it('sums up what will be served and what was skipped', async () => {
    const summary = await worker.waitForLog(LOG.fsScanComplete)
    expect(summary).toMatchObject({ skills: 1, prompts: 1, skipped: 4, base_dir: dir })
  })

  it('serves every good entry', async () => {
    const list = await client.call<{ skills: Array<{ id: string; origin: string }> }>('skills::list', {})
    expect(list.skills.map(({ id, origin }) => ({ id, origin }))).toEqual([{ id: 'good', origin: 'fs' }])
    expect(await client.call('skill::fetch', { uri: 'iii://good' })).toBe('# iii://good\n\n# Good skill\n\nServed despite its neighbours.')
    expect(await client.call('prompts::mcp-list', {})).toEqual({
      prompts: [{ arguments: [], description: 'A good prompt.', name: 'ok' }],
    })
  })
})
