import { describe, expect, it } from 'vitest'
import { deriveId, samePath, staticPrefix } from '../../src/core/glob-ids.js'

describe('staticPrefix', () => {
  it.each([
    ['dir/sub/file.md', 'dir/sub/'],
    ['dir/sub/*.md', 'dir/sub/'],
    ['dir/**/*.md', 'dir/'],
    ['dir/file*.md', 'dir/'],
    ['*.md', ''],
    ['**/*.md', ''],
    ['[abc].md', ''],
    ['dir/file?.md', 'dir/'],
    ['dir/{a,b}.md', 'dir/'],
    ['/abs/dir/**/*.md', '/abs/dir/'],
    ['/abs/file.md', '/abs/'],
    ['file.md', ''],
    ['/base/../x/*.md', '/base/../x/'],
    ['a/b[c]/d/*.md', 'a/'],
    ['a/{b,c}/d.md', 'a/'],
  ])('%s => %j', (pattern, prefix) => {
    expect(staticPrefix(pattern)).toBe(prefix)
  })
})

describe('deriveId', () => {
  it.each([
    ['/base/dir/foo/bar.md', '/base/dir/', 'foo/bar'],
    ['/base/file.md', '/base/', 'file'],
    ['/base/file.md', '/base', 'file'],
    ['/base/dir/notes.txt', '/base/dir/', 'notes.txt'],
    ['/base/dir/shout.MD', '/base/dir/', 'shout.MD'],
    ['/base/dir/a.md.md', '/base/dir/', 'a.md'],
    ['/base/dir/back\\slash.md', '/base/dir/', 'back/slash'],
    ['/base/../x/a.md', '/base/../x/', 'a'],
    ['/base/./dir/a.md', '/base/dir/', 'a'],
    ['/base//dir/a.md', '/base/dir/', 'a'],
  ])('%s under %s => %s', (path, prefix, id) => {
    expect(deriveId(path, prefix)).toEqual({ id })
  })

  it.each([
    ['/elsewhere/file.md', '/base/dir/'],
    ['/base/directory/file.md', '/base/dir/'],
    ['/base/../x/a.md', '/x/'],
    ['relative/a.md', '/relative/'],
  ])('reports %s as not under prefix %s', (path, prefix) => {
    expect(deriveId(path, prefix)).toEqual({ error: `${path} is not under prefix ${prefix}` })
  })

  // Seed table (§6.2): pattern (relative to /base) + match => id.
  it.each([
    ['my-skills/**/*.md', '/base/my-skills/foo.md', 'foo'],
    ['my-skills/**/*.md', '/base/my-skills/foo/bar.md', 'foo/bar'],
    ['my-skills/**/*.md', '/base/my-skills/foo/bar/baz.md', 'foo/bar/baz'],
    ['*.md', '/base/top.md', 'top'],
    ['docs/team-a.md', '/base/docs/team-a.md', 'team-a'],
  ])('seed: %s matching %s gives %s', (pattern, path, id) => {
    const prefix = staticPrefix(`/base/${pattern}`) || '/base'
    expect(deriveId(path, prefix)).toEqual({ id })
  })
})

describe('samePath', () => {
  it.each([
    ['/a/b.md', '/a/b.md', true],
    ['/a/./b.md', '/a/b.md', true],
    ['/a//b.md', '/a/b.md', true],
    ['/a/../a/b.md', '/a/b.md', false],
    ['a/b.md', '/a/b.md', false],
  ])('%s vs %s => %s', (a, b, same) => {
    expect(samePath(a, b)).toBe(same)
  })
})
