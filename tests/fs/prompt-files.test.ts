import { truncate } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expandPromptGlobs } from '../../src/fs/prompt-files.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { silentLogger } from '../support/silent-logger.js'

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

const expand = (patterns: string[]) => expandPromptGlobs(patterns, root, silentLogger())

async function reasonFor(content: string | Buffer, file = 'p/x.md'): Promise<string | undefined> {
  await writeTree(root, { [file]: content })
  const { prompts, skipped } = await expand(['p/**/*.md'])
  expect(prompts).toEqual([])
  return skipped[0]?.reason
}

describe('expandPromptGlobs', () => {
  it('reads name and description from the frontmatter, trimmed', async () => {
    await writeTree(root, { 'p/file.md': '---\nname: "  open-pr  "\ndescription: "  Open a PR.  "\n---\nBody here.\n' })
    expect(await expand(['p/*.md'])).toEqual({
      prompts: [{ name: 'open-pr', description: 'Open a PR.', path: join(root, 'p/file.md') }],
      skipped: [],
    })
  })

  it.each([
    ['a missing name', 'p/foo.md', '---\ndescription: Just a description.\n---\nBody.\n', 'foo'],
    ['a blank name', 'p/foo.md', '---\nname: "   "\ndescription: d\n---\nBody.\n', 'foo'],
    ['a nested file', 'p/sub/deeper/bar.md', '---\ndescription: d\n---\nBody.\n', 'bar'],
    ['CRLF frontmatter', 'p/crlf.md', '---\r\ndescription: d\r\n---\r\nBody.\r\n', 'crlf'],
  ])('falls back to the last id segment for %s', async (_name, file, content, name) => {
    await writeTree(root, { [file]: content })
    const { prompts } = await expand(['p/**/*.md'])
    expect(prompts.map((p) => p.name)).toEqual([name])
  })

  it('sorts prompts by name, not by path', async () => {
    await writeTree(root, {
      'p/a.md': '---\nname: zeta\ndescription: z\n---\n',
      'p/b.md': '---\nname: alpha\ndescription: a\n---\n',
    })
    expect((await expand(['p/*.md'])).prompts.map((p) => p.name)).toEqual(['alpha', 'zeta'])
  })

  it.each([
    ['no frontmatter', '# header\nbody\n', 'missing YAML frontmatter (expected --- ... --- block at file start)'],
    ['an empty frontmatter block', '---\n---\nbody\n', 'missing YAML frontmatter (expected --- ... --- block at file start)'],
    ['an unclosed block', '---\ndescription: d\nbody\n', 'missing YAML frontmatter (expected --- ... --- block at file start)'],
    ['a leading BOM', '\uFEFF---\ndescription: d\n---\nbody\n', 'missing YAML frontmatter (expected --- ... --- block at file start)'],
    ['a YAML syntax error', '---\ndescription: [a\n---\n', 'invalid frontmatter YAML: Flow sequence in block collection must be sufficiently indented and end with a ] at line 1 column 16'],
    ['a non-mapping frontmatter', '---\n- a\n---\n', 'invalid frontmatter YAML: invalid type: sequence, expected struct PromptFrontmatter'],
    ['a description of the wrong type', '---\ndescription: [a]\n---\n', 'invalid frontmatter YAML: description: invalid type: sequence, expected a string at line 1 column 14'],
    ['an invalid name', '---\nname: Has Spaces\ndescription: x\n---\n', `invalid prompt name "Has Spaces": name may only contain lowercase ASCII letters, digits, '-' and '_': "Has Spaces"`],
    ['a name with ::', '---\nname: mcp::send\ndescription: x\n---\n', `invalid prompt name "mcp::send": name may only contain lowercase ASCII letters, digits, '-' and '_': "mcp::send"`],
    ['a missing description', '---\nname: foo\n---\nBody.\n', 'frontmatter missing non-empty `description`'],
    ['a blank description', '---\ndescription: "  "\n---\n', 'frontmatter missing non-empty `description`'],
    ['a null description', '---\ndescription: ~\n---\n', 'frontmatter missing non-empty `description`'],
    ['invalid UTF-8', Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0x0a, 0x2d, 0x2d, 0x2d, 0x0a]), 'read: stream did not contain valid UTF-8'],
    ['an alias bomb as description', '---\na: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\ndescription: *b\n---\n', 'invalid frontmatter YAML: description: invalid type: sequence, expected a string at line 2 column 7'],
  ])('skips a file with %s', async (_name, content, reason) => {
    expect(await reasonFor(content)).toBe(reason)
  })

  it('names the basename-derived name when it is invalid', async () => {
    expect(await reasonFor('---\ndescription: d\n---\n', 'p/Bad-Name.md')).toBe(
      `invalid prompt name "Bad-Name": name may only contain lowercase ASCII letters, digits, '-' and '_': "Bad-Name"`,
    )
  })

  it('refuses 100,000-key frontmatter quickly with a clear reason', async () => {
    const keys = Array.from({ length: 100_000 }, (_, i) => `k${i}: 1`).join('\n')
    const frontmatter = `description: d\n${keys}`
    const started = Date.now()
    expect(await reasonFor(`---\n${frontmatter}\n---\nbody\n`)).toBe(
      `invalid frontmatter YAML: frontmatter too large (${Buffer.byteLength(frontmatter)} bytes; max 65536)`,
    )
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('refuses a file over 1 MiB by its size without reading it', async () => {
    await writeTree(root, { 'p/huge.md': '' })
    await truncate(join(root, 'p/huge.md'), 1024 ** 3)
    const started = Date.now()
    const { skipped } = await expand(['p/*.md'])
    expect(skipped).toEqual([
      { kind: 'prompt', path: join(root, 'p/huge.md'), reason: 'read: file is too large (1073741824 bytes; max 1048576)' },
    ])
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('keeps the first prompt of a name and skips another file with the same name', async () => {
    await writeTree(root, {
      'p/a.md': '---\nname: shared\ndescription: from a\n---\nBody A.\n',
      'p/b.md': '---\nname: shared\ndescription: from b\n---\nBody B.\n',
    })
    expect(await expand(['p/*.md'])).toEqual({
      prompts: [{ name: 'shared', description: 'from a', path: join(root, 'p/a.md') }],
      skipped: [
        { kind: 'prompt', path: join(root, 'p/b.md'), reason: `duplicate name "shared" also produced by ${join(root, 'p/a.md')}` },
      ],
    })
  })

  it('keeps one entry silently when two patterns match the same file', async () => {
    await writeTree(root, { 'p/a.md': '---\ndescription: d\n---\n' })
    expect(await expand(['p/*.md', 'p/**/*.md'])).toEqual({
      prompts: [{ name: 'a', description: 'd', path: join(root, 'p/a.md') }],
      skipped: [],
    })
  })

  it('records an invalid pattern with kind prompt', async () => {
    const { skipped } = await expand(['p/[oops'])
    expect(skipped).toEqual([
      {
        kind: 'prompt',
        path: 'p/[oops',
        reason: `invalid glob "p/[oops": Pattern syntax error near position ${[...`${root}/p/`].length}: invalid range pattern`,
      },
    ])
  })
})
