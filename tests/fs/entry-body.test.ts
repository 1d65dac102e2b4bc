import { execFileSync } from 'node:child_process'
import { chmod, mkdir, symlink, truncate } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SkillsError } from '../../src/core/errors.js'
import { readBody } from '../../src/fs/entry-body.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { FS_LIMITS } from '../../src/core/limits.js'

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

async function bodyOf(content: string | Buffer): Promise<string> {
  await writeTree(root, { 'f.md': content })
  return readBody(join(root, 'f.md'), FS_LIMITS)
}

async function errorOf(path: string): Promise<string> {
  const error = await readBody(path, FS_LIMITS).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SkillsError)
  return (error as SkillsError).message
}

describe('readBody', () => {
  it.each([
    ['strips frontmatter', '---\nname: foo\ndescription: test\n---\n# Title\n\nBody here.\n', '# Title\n\nBody here.\n'],
    ['returns a file without frontmatter as is', '# Title\n\nBody.\n', '# Title\n\nBody.\n'],
    ['does not trim the body', '---\na: 1\n---\n\n\n  body  \n\n', '\n\n  body  \n\n'],
    ['counts spaces as content', '---\na: 1\n---\n  \n', '  \n'],
    ['keeps a leading BOM (and then sees no frontmatter)', '\uFEFF---\na: 1\n---\nx', '\uFEFF---\na: 1\n---\nx'],
    ['keeps CRLF line endings', '---\r\na: 1\r\n---\r\nbody\r\n', 'body\r\n'],
  ])('%s', async (_name, content, body) => {
    expect(await bodyOf(content)).toBe(body)
  })

  it.each([
    ['nothing after the frontmatter', '---\nname: x\ndescription: y\n---\n'],
    ['only newlines after the frontmatter', '---\na: 1\n---\n\n\n\n'],
    ['an empty file', ''],
    ['a file of newlines', '\n\n'],
  ])('rejects %s as an empty body', async (_name, content) => {
    await writeTree(root, { 'f.md': content })
    const path = join(root, 'f.md')
    expect(await errorOf(path)).toBe(`file ${path} has empty body`)
  })

  it('accepts a body of exactly 262144 bytes even with frontmatter on top', async () => {
    const body = 'x'.repeat(262_144)
    expect(await bodyOf(`---\ndescription: d\n---\n${body}`)).toBe(body)
  })

  it('rejects a body over 262144 bytes, counting UTF-8 bytes of the body only', async () => {
    await writeTree(root, { 'f.md': `---\na: 1\n---\n${'é'.repeat(131_073)}` })
    const path = join(root, 'f.md')
    expect(await errorOf(path)).toBe(`file ${path} is too large (262146 bytes; max 262144)`)
  })

  it('refuses a 1 GiB sparse file by its size without reading it', async () => {
    await writeTree(root, { 'huge.md': '' })
    const path = join(root, 'huge.md')
    await truncate(path, 1024 ** 3)
    const started = Date.now()
    expect(await errorOf(path)).toBe(`file ${path} is too large (1073741824 bytes; max 262144)`)
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('reports a missing file with the OS error', async () => {
    const path = join(root, 'nope.md')
    expect(await errorOf(path)).toBe(`read ${path}: No such file or directory (os error 2)`)
  })

  it('reports a directory as a read error', async () => {
    const path = join(root, 'x.md')
    await mkdir(path)
    expect(await errorOf(path)).toBe(`read ${path}: Is a directory (os error 21)`)
  })

  it('refuses a FIFO without waiting for a writer', async () => {
    const path = join(root, 'fifo.md')
    execFileSync('mkfifo', [path])
    expect(await errorOf(path)).toBe(`read ${path}: not a regular file`)
  })

  it('reports a symlink loop', async () => {
    const path = join(root, 'loop.md')
    await symlink('loop.md', path)
    expect(await errorOf(path)).toBe(`read ${path}: Too many levels of symbolic links (os error 40)`)
  })

  it('reports invalid UTF-8', async () => {
    await writeTree(root, { 'f.md': Buffer.from([0x61, 0xff, 0x62]) })
    const path = join(root, 'f.md')
    expect(await errorOf(path)).toBe(`read ${path}: stream did not contain valid UTF-8`)
  })

  it('reports an unreadable file as permission denied, unless running as root', async () => {
    await writeTree(root, { 'f.md': '# secret\n' })
    const path = join(root, 'f.md')
    await chmod(path, 0o000)
    if (process.getuid?.() === 0) {
      // root ignores permission bits, so the body is read as usual
      expect(await readBody(path, FS_LIMITS)).toBe('# secret\n')
    } else {
      expect(await errorOf(path)).toBe(`read ${path}: Permission denied (os error 13)`)
    }
  })
})
