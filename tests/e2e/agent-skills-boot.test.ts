/**
 * A real `iii-skills --embedded` process booting over a folder of Agent Skills (issue 11, E1/E2):
 * one `skipped fs entry` warning per refused folder naming its reason, the extension functions
 * announced on their own info line after the unchanged lifecycle lines, and the valid folders
 * served through the discovery functions.
 */
import { cp, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { LOG } from '../../src/core/messages.js'
import { EXTENSION_FUNCTIONS } from '../../src/functions/registry.js'
import { E2E_TIMEOUT_MS, REPO_ROOT, spawnEmbeddedSkills, stopAllChildren, type ChildHandle } from '../support/processes.js'
import type { SdkClient } from '../support/sdk-client.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

let dir: string
let worker: ChildHandle
let client: SdkClient

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'skills-e2e-agent-skills-')))
  await cp(join(REPO_ROOT, 'tests/fixtures/agent-skills'), join(dir, 'kit'), { recursive: true, verbatimSymlinks: true })
  await writeFile(join(dir, 'config.yaml'), 'skills:\n  - kit/skills/**/SKILL.md\n')
  ;({ skills: worker, sdk: client } = await spawnEmbeddedSkills(['--config', join(dir, 'config.yaml')]))
})

afterAll(async () => {
  await client?.close()
  await stopAllChildren()
  await rm(dir, { recursive: true, force: true })
})

const skill = (name: string) => join(dir, 'kit/skills', name, 'SKILL.md')

describe('booting over a folder of Agent Skills', () => {
  it('warns once per refused folder, naming its reason, and sums up', async () => {
    const summary = await worker.waitForLog(LOG.fsScanComplete)
    const warnings = worker.logs
      .filter((line) => line.msg === LOG.fsEntrySkipped)
      .map(({ level, kind, path, reason }) => ({ level, kind, path, reason }))
    expect(warnings).toEqual([
      { level: 40, kind: 'skill', path: skill('Uppercase-Skill'), reason: `invalid id "Uppercase-Skill": invalid id (segment 1 of "Uppercase-Skill"): segment may only contain lowercase ASCII letters, digits, '-' and '_': "Uppercase-Skill"` },
      { level: 40, kind: 'skill', path: skill('broken-yaml'), reason: 'invalid frontmatter YAML: Flow sequence in block collection must be sufficiently indented and end with a ] at line 2 column 23' },
      { level: 40, kind: 'skill', path: skill('empty-description'), reason: 'frontmatter missing non-empty `description`' },
      { level: 40, kind: 'skill', path: skill('no-frontmatter'), reason: 'missing YAML frontmatter (expected --- ... --- block at file start)' },
    ])
    expect(summary).toMatchObject({ skills: 6, prompts: 0, skipped: 4, base_dir: dir })
    // E5.1: served, with a warning each.
    expect(worker.logs.filter((line) => line.msg === LOG.fsSkillWarning).map(({ id, warning }) => [id, warning])).toEqual([
      ['long-description', 'description longer than 1024 characters'],
      ['wrong-name', 'frontmatter name "right-name" does not match folder "wrong-name"'],
    ])
  })

  it('keeps the lifecycle lines and lists the extension functions on a line of their own', async () => {
    await worker.waitForLog(LOG.ready)
    const messages = worker.logs.map((line) => line.msg)
    expect(messages).toContain('skills ready: 13 functions + 2 custom trigger types')
    expect(worker.logs.find((line) => line.msg === LOG.extensionsRegistered)).toMatchObject({
      level: 30,
      functions: EXTENSION_FUNCTIONS.map((f) => f.id),
    })
  })

  it('serves the valid folders through list_skills and read_skill_file', async () => {
    expect(await client.call('skill::list_skills', {})).toEqual({
      skills: [
        { name: 'acme', version: '3.0.0' },
        { name: 'acme.billing', version: '2.1.0' },
        { name: 'changelog-writer', version: '0.0.0' },
        { name: 'long-description', version: '0.0.0' },
        { name: 'pdf-forms', version: '1.4.0' },
        { name: 'wrong-name', version: '0.0.0' },
      ],
      next_cursor: null,
    })
    expect(await client.call('skill::read_skill_file', { name: 'acme', path: 'glossary.md' })).toEqual({
      content: '# ACME glossary\n\n- **Tenant**: one customer account.\n- **Ledger**: the append-only record of money movements.\n',
    })
  })
})
