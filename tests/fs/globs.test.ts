import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { chmod, symlink, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { absolutePattern, comparePaths, expandGlob } from '../../src/fs/globs.js'
import { captureLogger, makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { silentLogger } from '../support/silent-logger.js'

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

async function paths(pattern: string, base = root): Promise<string[]> {
  const result = await expandGlob(pattern, base, silentLogger())
  if ('error' in result) throw new Error(result.error)
  return result.paths.map((p) => (p.startsWith(`${root}/`) ? p.slice(root.length + 1) : p))
}

describe('absolutePattern', () => {
  it.each([
    ['docs/*.md', '/srv/cfg', '/srv/cfg/docs/*.md'],
    ['docs/*.md', '/srv/cfg/', '/srv/cfg/docs/*.md'],
    ['../shared/*.md', '/srv/cfg', '/srv/cfg/../shared/*.md'],
    ['/abs/*.md', '/srv/cfg', '/abs/*.md'],
  ])('%s on %s => %s', (pattern, base, absolute) => {
    expect(absolutePattern(pattern, base)).toBe(absolute)
  })
})

describe('expandGlob', () => {
  it('matches dot files with * and returns regular files only, sorted', async () => {
    await writeTree(root, { 'd/b.md': 'b', 'd/a.md': 'a', 'd/.hidden.md': 'h', 'd/x.md/inner.md': 'dir named x.md' })
    expect(await paths('d/*.md')).toEqual(['d/.hidden.md', 'd/a.md', 'd/b.md'])
  })

  it('never matches a file or folder name that is not UTF-8, and serves the rest', async () => {
    await writeTree(root, { 'd/ok.md': 'ok' })
    const notUtf8 = Buffer.from([0x66, 0xff, 0x6f])
    const dir = Buffer.concat([Buffer.from(`${root}/d/`), notUtf8])
    mkdirSync(dir)
    writeFileSync(Buffer.concat([dir, Buffer.from('/inner.md')]), 'inner')
    writeFileSync(Buffer.concat([Buffer.from(`${root}/d/`), notUtf8, Buffer.from('.md')]), 'file')
    expect(await paths('d/**/*.md')).toEqual(['d/ok.md'])
    expect(await paths('d/*')).toEqual(['d/ok.md'])
  })

  it('enters dot directories with ** and matches zero directories too', async () => {
    await writeTree(root, { 'd/top.md': '', 'd/.git/hooks/h.md': '', 'd/sub/deep/c.md': '' })
    expect(await paths('d/**/*.md')).toEqual(['d/.git/hooks/h.md', 'd/sub/deep/c.md', 'd/top.md'])
  })

  it('expands brace alternatives and returns the union once', async () => {
    await writeTree(root, { 'd/a.md': '', 'd/b.md': '', 'd/c.md': '', 'e/a.md': '' })
    expect(await paths('{d,e}/{a,b,a}.md')).toEqual(['d/a.md', 'd/b.md', 'e/a.md'])
  })

  it('supports [abc], [!abc] and ranges, case-sensitively', async () => {
    await writeTree(root, { 'd/a.md': '', 'd/b.md': '', 'd/x.md': '', 'd/A.md': '', 'd/m.md': '' })
    expect(await paths('d/[ab].md')).toEqual(['d/a.md', 'd/b.md'])
    expect(await paths('d/[!ab].md')).toEqual(['d/A.md', 'd/m.md', 'd/x.md'])
    expect(await paths('d/[l-n].md')).toEqual(['d/m.md'])
    expect(await paths('d/?.md')).toEqual(['d/A.md', 'd/a.md', 'd/b.md', 'd/m.md', 'd/x.md'])
  })

  it('treats characters that are special elsewhere (parentheses, !, +, @) literally', async () => {
    await writeTree(root, { 'd/(p).md': '', 'd/!x+@.md': '' })
    expect(await paths('d/(p).md')).toEqual(['d/(p).md'])
    expect(await paths('d/!x+@.md')).toEqual(['d/!x+@.md'])
  })

  it('sorts component by component in UTF-8 byte order', async () => {
    await writeTree(root, { 'a/b.md': '', 'a-b.md': '', 'a.b.md': '', 'Z.md': '', 'é.md': '' })
    expect(await paths('**/*.md')).toEqual(['Z.md', 'a/b.md', 'a-b.md', 'a.b.md', 'é.md'])
  })

  it('keeps `..` in relative patterns literally', async () => {
    await writeTree(root, { 'cfg/keep': '', 'other/a.md': '' })
    expect(await paths('../other/*.md', join(root, 'cfg'))).toEqual(['cfg/../other/a.md'])
  })

  it('uses absolute patterns as they are', async () => {
    await writeTree(root, { 'abs/a.md': '' })
    expect(await paths(`${root}/abs/*.md`, '/nonexistent-base')).toEqual(['abs/a.md'])
  })

  it('returns a literal file path and ignores a literal directory path', async () => {
    await writeTree(root, { 'docs/team-a.md': '', 'docs/dir.md/x': '' })
    expect(await paths('docs/team-a.md')).toEqual(['docs/team-a.md'])
    expect(await paths('docs/dir.md')).toEqual([])
  })

  it.each([
    ['a missing directory', 'does-not-exist/**/*.md'],
    ['a pattern ending in ** (directories only)', 'd/**'],
    ['a pattern ending in a slash', 'd/'],
  ])('finds nothing for %s', async (_name, pattern) => {
    await writeTree(root, { 'd/a.md': '' })
    const { log, lines } = captureLogger()
    expect(await expandGlob(pattern, root, log)).toEqual({ paths: [] })
    expect(lines()).toEqual([])
  })

  it('lets components starting with a dot match . and .., as the glob crate does', async () => {
    await writeTree(root, { 'sub/keep': '', 'x.md': '' })
    expect(await paths('sub/.*/x.md')).toEqual(['sub/../x.md'])
  })

  it('follows symlinked files and symlinked directories outside the base', async () => {
    const outside = await makeTempDir()
    try {
      await writeTree(outside, { 'ext.md': 'outside', 'nested/deep.md': '' })
      await writeTree(root, { 'd/real.md': '' })
      await symlink(join(outside, 'ext.md'), join(root, 'd/link.md'))
      await symlink(outside, join(root, 'd/linked-dir'))
      expect(await paths('d/**/*.md')).toEqual(['d/link.md', 'd/linked-dir/ext.md', 'd/linked-dir/nested/deep.md', 'd/real.md'])
    } finally {
      await removeTempDir(outside)
    }
  })

  it('terminates on symlink loops and visits each real directory once per descent', async () => {
    await writeTree(root, { 'd/a.md': '', 'd/sub/b.md': '' })
    await symlink('.', join(root, 'd/self1'))
    await symlink('.', join(root, 'd/self2'))
    await symlink('..', join(root, 'd/sub/up'))
    await symlink('loop-b', join(root, 'd/loop-a'))
    await symlink('loop-a', join(root, 'd/loop-b'))
    const started = Date.now()
    expect(await paths('d/**/*.md')).toEqual(['d/a.md', 'd/sub/b.md'])
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('warns about a symlink that points at itself and carries on', async () => {
    await writeTree(root, { 'd/a.md': '' })
    await symlink('self.md', join(root, 'd/self.md'))
    const { log, lines } = captureLogger()
    expect(await expandGlob('d/*.md', root, log)).toEqual({ paths: [join(root, 'd/a.md')] })
    expect(lines().map((l) => l.error)).toEqual([
      `attempting to read \`${root}/d/self.md\` resulted in an error: Too many levels of symbolic links (os error 40)`,
    ])
  })

  it('ignores FIFOs and sockets', async () => {
    await writeTree(root, { 'd/a.md': '' })
    execFileSync('mkfifo', [join(root, 'd/fifo.md')])
    const server: Server = createServer()
    await new Promise<void>((resolve) => server.listen(join(root, 'd/sock.md'), resolve))
    try {
      expect(await paths('d/*.md')).toEqual(['d/a.md'])
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('skips a match that cannot be stat-ed (dangling link, vanished file) with a warning', async () => {
    await writeTree(root, { 'd/a.md': '' })
    await symlink('nowhere.md', join(root, 'd/gone.md'))
    const { log, lines } = captureLogger()
    expect(await expandGlob('d/*.md', root, log)).toEqual({ paths: [join(root, 'd/a.md')] })
    expect(lines()).toEqual([
      {
        level: 40,
        msg: 'glob entry error; skipping',
        error: `attempting to read \`${root}/d/gone.md\` resulted in an error: No such file or directory (os error 2)`,
      },
    ])
  })

  it('serves a name that holds U+FFFD as written beside one that is not UTF-8 (E19.2: names are read as text first)', async () => {
    await writeTree(root, { 'd/a\ufffdb.md': '', 'd/c.md': '' })
    expect(await paths('d/*.md')).toEqual(['d/a\ufffdb.md', 'd/c.md'])
    await writeFile(Buffer.concat([Buffer.from(`${root}/d/`), Buffer.from([0x78, 0xff]), Buffer.from('.md')]), '')
    expect(await paths('d/*.md')).toEqual(['d/a\ufffdb.md', 'd/c.md'])
  })

  it('skips names that are not UTF-8', async () => {
    await writeTree(root, { 'd/a.md': '' })
    const raw = Buffer.concat([Buffer.from(`${root}/d/`), Buffer.from([0xff, 0xfe]), Buffer.from('.md')])
    await writeFile(raw, '')
    expect(await paths('d/*.md')).toEqual(['d/a.md'])
  })

  it('reports an unreadable directory as a glob entry error unless running as root', async () => {
    await writeTree(root, { 'd/locked/a.md': '', 'd/b.md': '' })
    await chmod(join(root, 'd/locked'), 0o000)
    const { log, lines } = captureLogger()
    try {
      const result = await expandGlob('d/**/*.md', root, log)
      if (process.getuid?.() === 0) {
        // root bypasses permission bits: the directory is read like any other
        expect(result).toEqual({ paths: [join(root, 'd/b.md'), join(root, 'd/locked/a.md')] })
        expect(lines()).toEqual([])
      } else {
        expect(result).toEqual({ paths: [join(root, 'd/b.md')] })
        expect(lines()).toEqual([
          {
            level: 40,
            msg: 'glob entry error; skipping',
            error: `attempting to read \`${root}/d/locked\` resulted in an error: Permission denied (os error 13)`,
          },
        ])
      }
    } finally {
      await chmod(join(root, 'd/locked'), 0o755)
    }
  })

  describe('invalid patterns', () => {
    it('reports the pattern as written in the config with the glob crate error', async () => {
      const position = [...`${root}/`].length
      expect(await expandGlob('[unclosed', root, silentLogger())).toEqual({
        error: `invalid glob "[unclosed": Pattern syntax error near position ${position}: invalid range pattern`,
      })
    })

    it('rejects ** that is not a whole component', async () => {
      expect(await expandGlob('/x/a**/*.md', root, silentLogger())).toEqual({
        error:
          'invalid glob "/x/a**/*.md": Pattern syntax error near position 3: recursive wildcards must form a single path component',
      })
    })

    it('rejects an invalid brace alternative', async () => {
      expect(await expandGlob('/x/{a*,b}*', root, silentLogger())).toEqual({
        error:
          'invalid glob "/x/{a*,b}*": Pattern syntax error near position 3: recursive wildcards must form a single path component',
      })
    })

    it('rejects brace groups that multiply past the cap', async () => {
      const pattern = '{a,b}'.repeat(11)
      expect(await expandGlob(pattern, root, silentLogger())).toEqual({
        error: `invalid glob "${pattern}": brace expansion yields more than 1024 patterns`,
      })
    })
  })
})

describe('comparePaths', () => {
  it.each([
    ['/a/b', '/a-b', -1],
    ['/a-b', '/a.b/c', -1],
    ['/a', '/a/b', -1],
    ['/Z', '/a', -1],
    ['/a/b', '/a/b', 0],
  ])('%s vs %s', (a, b, sign) => {
    expect(Math.sign(comparePaths(a, b))).toBe(sign)
    expect(Math.sign(comparePaths(b, a))).toBe(-sign || 0)
  })
})
