/**
 * `skill::read_skill_file` (and the skill.toml read of `skill::describe_skill`) never return
 * anything from outside the skill's folder, whatever the path: each refusal has its exact error, and
 * a secret file placed next to the folder never shows up in an answer, not even while a folder is
 * being swapped for a symlink to the outside between the check and the read.
 */
import { execFileSync } from 'node:child_process'
import { cp, mkdir, rename, rm, symlink, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../support/no-unhandled.js'
import { makeTempDir, removeTempDir } from '../support/temp-tree.js'
import { startRobustEnv, type RobustEnv } from './harness.js'

const SECRET = 'SECRET-OUTSIDE-THE-SKILL-FOLDER'
const FIXTURE = fileURLToPath(new URL('../fixtures/agent-skills', import.meta.url))
const MiB = 1024 * 1024

let root: string
let env: RobustEnv
const pdf = (rel: string) => join(root, 'kit/skills/pdf-forms', rel)

beforeAll(async () => {
  root = await makeTempDir()
  await cp(FIXTURE, join(root, 'kit'), { recursive: true, verbatimSymlinks: true })
  await writeFile(join(root, 'secret.md'), `# ${SECRET}\n`)
  await mkdir(pdf('swap'))
  await writeFile(pdf('swap/file.txt'), 'inside')
  await mkdir(join(root, 'kit/outside/swap-target'), { recursive: true })
  await writeFile(join(root, 'kit/outside/swap-target/file.txt'), SECRET)
  await writeFile(pdf('exactly-1mib.txt'), 'a'.repeat(MiB))
  await writeFile(pdf('just-over.txt'), 'a'.repeat(MiB + 1))
  await writeFile(pdf('sparse.bin'), '')
  await truncate(pdf('sparse.bin'), 1024 * MiB)
  execFileSync('mkfifo', [pdf('pipe')])
  await symlink('leak.txt', pdf('chain.txt'))
  await symlink('loop-b', pdf('loop-a'))
  await symlink('loop-a', pdf('loop-b'))
  await symlink('/dev/zero', pdf('zero'))
  await symlink('../../../../secret.md', pdf('references/deep-leak.md'))
  await symlink('../acme/billing', pdf('sibling'))
  env = await startRobustEnv({ baseDir: root, skills: ['kit/skills/**/SKILL.md'] })
})

afterAll(async () => {
  await env?.close()
  await removeTempDir(root)
})

const read = (path: string, name = 'pdf-forms') => env.call<{ content: string }>('skill::read_skill_file', { name, path })
const refusal = (path: string, name = 'pdf-forms') => env.failure('skill::read_skill_file', { name, path })

describe('read_skill_file confinement', () => {
  it.each([
    ['', 'Invalid path "": must be non-empty'],
    ['/etc/passwd', 'Invalid path "/etc/passwd": must be relative to the skill folder'],
    [`${FIXTURE}/secret.txt`, `Invalid path "${FIXTURE}/secret.txt": must be relative to the skill folder`],
    ['..', `Invalid path "..": must not contain a '..' segment`],
    ['../../secret.txt', `Invalid path "../../secret.txt": must not contain a '..' segment`],
    ['references/../../../../secret.md', `Invalid path "references/../../../../secret.md": must not contain a '..' segment`],
    ['..\\..\\secret.txt', 'Invalid path "..\\\\..\\\\secret.txt": must not contain a backslash'],
    ['references\\forms.md', 'Invalid path "references\\\\forms.md": must not contain a backslash'],
    ['leak.txt\0', 'Invalid path "leak.txt\\0": must not contain a NUL character'],
    ['leak.txt', 'Path resolves outside the skill folder: leak.txt'],
    ['./leak.txt', 'Path resolves outside the skill folder: ./leak.txt'],
    ['chain.txt', 'Path resolves outside the skill folder: chain.txt'],
    ['outside-dir/notes.md', 'Path resolves outside the skill folder: outside-dir/notes.md'],
    ['outside-dir', 'Path resolves outside the skill folder: outside-dir'],
    ['etc-hosts', 'Path resolves outside the skill folder: etc-hosts'],
    ['zero', 'Path resolves outside the skill folder: zero'],
    ['references/deep-leak.md', 'Path resolves outside the skill folder: references/deep-leak.md'],
    ['sibling/SKILL.md', 'Path resolves outside the skill folder: sibling/SKILL.md'],
    ['references', 'Not a file: references'],
    ['references/', 'Not a file: references/'],
    ['pipe', 'Not a file: pipe'],
    ['missing.md', 'File not found: missing.md'],
    ['SKILL.md/x', 'File not found: SKILL.md/x'],
    ['loop-a', 'File not found: loop-a'],
    [`${'a/'.repeat(3000)}x`, `File not found: ${'a/'.repeat(3000)}x`],
    ['just-over.txt', `File too large: just-over.txt (${MiB + 1} bytes; max ${MiB})`],
    ['sparse.bin', `File too large: sparse.bin (${1024 * MiB} bytes; max ${MiB})`],
    ['assets/logo.png', 'File is not valid UTF-8 text: assets/logo.png'],
  ])('refuses %j with its exact error and nothing from outside', async (path, error) => {
    const text = await refusal(path)
    expect(text).toBe(error)
    expect(text).not.toContain(SECRET)
  })

  it('reads a file of exactly 1 MiB, and files reached through symlinks that stay inside', async () => {
    expect((await read('exactly-1mib.txt')).content).toHaveLength(MiB)
    expect(await read('references/latest.md')).toEqual(await read('references/field-types.md'))
  })

  it('never serves a nested skill folder\'s files as the parent\'s', async () => {
    expect(await refusal('billing/references/refunds.md', 'acme')).toBe('File not found: billing/references/refunds.md')
    expect(await refusal('billing/SKILL.md', 'acme')).toBe('File not found: billing/SKILL.md')
    expect((await read('glossary.md', 'acme')).content).toContain('ACME glossary')
  })

  it('refuses paths for unknown, refused and crafted names without reading anything', async () => {
    for (const name of ['nope', 'no-frontmatter', '..', 'kit.skills.pdf-forms', '../secret', 'pdf-forms/..']) {
      expect(await refusal('SKILL.md', name)).toBe(`Skill not found: ${name}`)
    }
  })

  it('never answers with outside content while a folder is swapped for a symlink to the outside', async () => {
    const outside = join(root, 'kit/outside/swap-target')
    let swapping = true
    const swapper = (async () => {
      for (let i = 0; swapping; i++) {
        // Atomic renames: the path is always either the real folder or the symlink.
        if (i % 2 === 0) {
          await rename(pdf('swap'), pdf('swap-real'))
          await symlink(outside, pdf('swap-link'))
          await rename(pdf('swap-link'), pdf('swap'))
        } else {
          await rm(pdf('swap'))
          await rename(pdf('swap-real'), pdf('swap'))
        }
        // Each state lasts a moment, so reads land in both, and in the switches between them; the real
        // folder stays a little longer, so some reads complete inside it even on a loaded machine.
        await sleep(i % 2 === 0 ? i % 3 : 4 + (i % 3))
      }
    })()
    const answers: string[] = []
    try {
      for (let round = 0; round < 40; round++) {
        const batch = await Promise.allSettled(Array.from({ length: 10 }, () => read('swap/file.txt')))
        for (const result of batch) answers.push(result.status === 'fulfilled' ? result.value.content : String(result.reason))
      }
    } finally {
      swapping = false
      await swapper
    }
    expect(answers.join('\n')).not.toContain(SECRET)
    for (const answer of answers) {
      expect(answer).toMatch(/^(inside|.*Path resolves outside the skill folder: swap\/file\.txt|.*File not found: swap\/file\.txt|.*File changed while it was read: swap\/file\.txt)$/)
    }
    expect(answers).toContain('inside')
  })
})

describe('describe_skill reads skill.toml under the same confinement', () => {
  it('refuses a skill.toml that is a symlink to the outside, and serves no outside content', async () => {
    await rm(pdf('skill.toml'))
    await symlink('../../../secret.md', pdf('skill.toml'))
    try {
      const text = await env.failure('skill::describe_skill', { name: 'pdf-forms' })
      expect(text).toBe('Path resolves outside the skill folder: skill.toml')
      expect(text).not.toContain(SECRET)
    } finally {
      await rm(pdf('skill.toml'))
      await cp(join(FIXTURE, 'skills/pdf-forms/skill.toml'), pdf('skill.toml'))
    }
  })
})
