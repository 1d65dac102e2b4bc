/**
 * E18.1: a second file producing an id already produced under the config's `skills:` globs is
 * upstream's skip (§6.3): the boot warning `skipped fs entry` with reason `duplicate id {id:?} also
 * produced by {first_path}`, counted in `skipped`. Between `--skills-dir` roots E13.6's served-with-a-warning
 * form stays. The exact boot lines of the built command, in order.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { LOG } from '../../src/core/messages.js'
import { E2E_TIMEOUT_MS, spawnEmbeddedSkills, stopAllChildren, type ChildHandle } from '../support/processes.js'
import type { SdkClient } from '../support/sdk-client.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

let dir: string
let worker: ChildHandle
let client: SdkClient

const FS_LINES = new Set<string>([LOG.fsSkillLoaded, LOG.fsSkillWarning, LOG.fsEntrySkipped, LOG.fsScanComplete])
const bootLines = () => worker.logs
  .filter((line) => FS_LINES.has(String(line.msg)))
  .map(({ level, msg, id, kind, path, reason, warning, skills, prompts, skipped, base_dir }) =>
    Object.fromEntries(Object.entries({ level, msg, id, kind, path, reason, warning, skills, prompts, skipped, base_dir }).filter(([, v]) => v !== undefined)))

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'skills-e2e-fs-dup-'))
  for (const sub of ['first', 'second', 'root-a/kit', 'root-b/kit']) await mkdir(join(dir, sub), { recursive: true })
  await writeFile(join(dir, 'config.yaml'), 'skills:\n  - first/*.md\n  - second/*.md\nprompts: []\n')
  await writeFile(join(dir, 'first', 'dup.md'), '# First copy\n')
  await writeFile(join(dir, 'second', 'dup.md'), '# Second copy\n')
  const folder = (name: string) => `---\nname: ${name}\ndescription: A kit.\n---\n# Kit\n`
  await writeFile(join(dir, 'root-a', 'kit', 'SKILL.md'), folder('kit'))
  await writeFile(join(dir, 'root-b', 'kit', 'SKILL.md'), folder('kit'))
  ;({ skills: worker, sdk: client } = await spawnEmbeddedSkills([
    '--config', join(dir, 'config.yaml'), '--skills-dir', join(dir, 'root-a'), '--skills-dir', join(dir, 'root-b'),
  ]))
})

afterAll(async () => {
  await client?.close()
  await stopAllChildren()
  await rm(dir, { recursive: true, force: true })
})

describe('duplicate ids at boot (E18.1)', () => {
  it('gives upstream\'s skip and count under config globs, E13.6\'s warning between roots', async () => {
    await worker.waitForLog(LOG.fsScanComplete)
    const first = join(dir, 'first', 'dup.md')
    const kitA = join(dir, 'root-a', 'kit', 'SKILL.md')
    expect(bootLines()).toEqual([
      { level: 30, msg: 'loaded fs-backed skill', id: 'dup', path: first },
      { level: 30, msg: 'loaded fs-backed skill', id: 'kit', path: kitA },
      {
        level: 40, msg: 'fs skill served with a warning', id: 'kit', path: kitA,
        warning: `id "kit" is in two places: ${kitA} is served, ${join(dir, 'root-b', 'kit', 'SKILL.md')} is not (the first root wins)`,
      },
      { level: 40, msg: 'skipped fs entry', kind: 'skill', path: join(dir, 'second', 'dup.md'), reason: `duplicate id "dup" also produced by ${first}` },
      { level: 30, msg: 'fs source scan complete', skills: 2, prompts: 0, skipped: 1, base_dir: dir },
    ])
  })
})
