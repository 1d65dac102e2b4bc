import { execFileSync } from 'node:child_process'
import { mkdir, stat, symlink, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../support/no-unhandled.js'
import { INDEX_RESOURCE } from '../../src/core/envelopes.js'
import { formatTimestamp } from '../../src/core/time.js'
import { makeTempDir, removeTempDir } from '../support/temp-tree.js'
import { startRobustEnv, type RobustEnv } from './harness.js'

// The unit suites in tests/fs cover each hazard inside the glob and read helpers; this one puts
// all of them in one configured folder and drives every fs-backed function over the wire.
const GiB = 1024 ** 3
const OK_SKILL = '# Ok\nFine body.\n'
const OK_PROMPT = '---\ndescription: Fine prompt\n---\nHello.\n'
const EMPTY_SKILL = '---\nname: e\n---\n'

let root: string
let env: RobustEnv

async function buildHazards(dir: string): Promise<void> {
  await mkdir(join(dir, 'skills/x.md'), { recursive: true })
  await mkdir(join(dir, 'prompts/dir.md'), { recursive: true })
  await writeFile(join(dir, 'skills/ok.md'), OK_SKILL)
  await writeFile(join(dir, 'skills/x.md/inner.md'), '# Inner\nInside a folder named x.md.\n')
  await writeFile(join(dir, 'skills/binary.md'), Buffer.from([0x23, 0x20, 0xff, 0xfe]))
  await writeFile(join(dir, 'skills/empty.md'), EMPTY_SKILL)
  await writeFile(join(dir, 'prompts/ok.md'), OK_PROMPT)
  for (const folder of ['skills', 'prompts']) {
    await writeFile(join(dir, folder, 'big.md'), '')
    await truncate(join(dir, folder, 'big.md'), GiB)
    execFileSync('mkfifo', [join(dir, folder, 'fifo.md')])
    await symlink('self.md', join(dir, folder, 'self.md'))
    await symlink('.', join(dir, folder, 'loop'))
    await symlink('nowhere.md', join(dir, folder, 'gone.md'))
  }
}

beforeAll(async () => {
  root = await makeTempDir()
  await buildHazards(root)
  env = await startRobustEnv({ baseDir: root, skills: ['skills/**/*.md'], prompts: ['prompts/**/*.md'] })
})

afterAll(async () => {
  await env?.close()
  await removeTempDir(root)
})

const mtime = async (rel: string) => formatTimestamp((await stat(join(root, rel))).mtime)
const path = (rel: string) => join(root, rel)

/** Every fs-backed answer must come back promptly: a FIFO read or a 1 GiB load would stall it. */
async function quick<T>(act: () => Promise<T>): Promise<T> {
  const started = Date.now()
  const result = await act()
  expect(Date.now() - started).toBeLessThan(2000)
  return result
}

describe('skills over a folder of filesystem hazards', () => {
  it('skills::list shows the regular .md files only, with their on-disk size, sparse 1 GiB included', async () => {
    expect(await quick(() => env.call('skills::list', {}))).toEqual({
      skills: [
        { id: 'big', bytes: GiB, registered_at: await mtime('skills/big.md'), origin: 'fs' },
        { id: 'binary', bytes: 4, registered_at: await mtime('skills/binary.md'), origin: 'fs' },
        { id: 'empty', bytes: EMPTY_SKILL.length, registered_at: await mtime('skills/empty.md'), origin: 'fs' },
        { id: 'ok', bytes: OK_SKILL.length, registered_at: await mtime('skills/ok.md'), origin: 'fs' },
      ],
    })
  })

  it('skills::resources-list names unreadable files by id', async () => {
    expect(await quick(() => env.call('skills::resources-list', {}))).toEqual({
      resources: [
        INDEX_RESOURCE,
        { mimeType: 'text/markdown', name: 'big', uri: 'iii://big' },
        { mimeType: 'text/markdown', name: 'binary', uri: 'iii://binary' },
        { mimeType: 'text/markdown', name: 'empty', uri: 'iii://empty' },
        { mimeType: 'text/markdown', name: 'Ok', uri: 'iii://ok' },
      ],
    })
  })

  it('the index lists every entry, unreadable ones with the id as title', async () => {
    const text = await quick(() => env.call<string>('skill::fetch', { uri: 'iii://skills' }))
    expect(text).toBe([
      '# iii://skills',
      '',
      '# Skills',
      '',
      "Read each skill's resource for orientation on when and why to call its functions. Sub-skills are indented under their parent path so a top-level skill stays small and the LLM can drill in only when it needs more detail.",
      '',
      '## Custom skills',
      '',
      'Loaded from `skills:` glob patterns in the worker config. The file system is the source of truth for these entries.',
      '',
      '- [`big`](iii://big) \u2014 big',
      '- [`binary`](iii://binary) \u2014 binary',
      '- [`empty`](iii://empty) \u2014 empty',
      '- [`ok`](iii://ok) \u2014 Ok \u2014 Fine body.',
    ].join('\n'))
  })

  it.each([
    ['ok', () => ({ contents: [{ mimeType: 'text/markdown', text: OK_SKILL, uri: 'iii://ok' }] })],
  ])('reading iii://%s serves the file body', async (id, reply) => {
    expect(await quick(() => env.call('skills::resources-read', { uri: `iii://${id}` }))).toEqual(reply())
  })

  it.each([
    ['big', () => `file ${path('skills/big.md')} is too large (1073741824 bytes; max 262144)`],
    ['binary', () => `read ${path('skills/binary.md')}: stream did not contain valid UTF-8`],
    ['empty', () => `file ${path('skills/empty.md')} has empty body`],
    ['fifo', () => 'Skill not found: fifo'],
    ['self', () => 'Skill not found: self'],
    ['gone', () => 'Skill not found: gone'],
    ['loop/ok', () => 'Skill not found: loop/ok'],
    ['x.md/inner', () => 'Skill not found: x.md/inner'],
  ])('reading iii://%s fails promptly with the documented error', async (id, error) => {
    expect(await quick(() => env.failure('skills::resources-read', { uri: `iii://${id}` }))).toBe(error())
    expect(await quick(() => env.failure('skill::fetch', { uri: `iii://${id}` }))).toBe(error())
  })
})

describe('prompts over a folder of filesystem hazards', () => {
  it('prompts::list and prompts::mcp-list keep the one valid prompt', async () => {
    expect(await quick(() => env.call('prompts::list', {}))).toEqual({
      prompts: [{ name: 'ok', function_id: '', arguments: 0, registered_at: await mtime('prompts/ok.md'), origin: 'fs' }],
    })
    expect(await quick(() => env.call('prompts::mcp-list', {}))).toEqual({
      prompts: [{ name: 'ok', description: 'Fine prompt', arguments: [] }],
    })
  })

  it('prompts::mcp-get serves the valid prompt and finds none of the hazards', async () => {
    expect(await quick(() => env.call('prompts::mcp-get', { name: 'ok' }))).toEqual({
      description: 'Fine prompt',
      messages: [{ role: 'user', content: { type: 'text', text: 'Hello.\n' } }],
    })
    for (const name of ['big', 'fifo', 'self', 'gone', 'dir', 'loop']) {
      expect(await quick(() => env.failure('prompts::mcp-get', { name }))).toBe(`Prompt not found: ${name}`)
    }
  })
})
