import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expandSkillGlobs } from '../../src/fs/skill-files.js'
import { captureLogger, makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { silentLogger } from '../support/silent-logger.js'

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

// Id and path of each entry: what these cases are about (the loaded fields are tested in skill-load.test.ts).
const idAndPath = ({ id, path }: { id: string; path: string }) => ({ id, path })
const expand = async (patterns: string[]) => {
  const { skills, skipped } = await expandSkillGlobs(patterns, root, silentLogger())
  return { skills: skills.map(idAndPath), skipped }
}
const ids = async (patterns: string[]) => (await expand(patterns)).skills.map((s) => s.id)

describe('expandSkillGlobs', () => {
  it('derives slashed ids relative to the static prefix, sorted by id', async () => {
    await writeTree(root, { 'my-skills/sub/deep/c.md': '# C', 'my-skills/sub/b.md': '# B', 'my-skills/a.md': '# A' })
    expect(await expand(['my-skills/**/*.md'])).toEqual({
      skills: [
        { id: 'a', path: join(root, 'my-skills/a.md') },
        { id: 'sub/b', path: join(root, 'my-skills/sub/b.md') },
        { id: 'sub/deep/c', path: join(root, 'my-skills/sub/deep/c.md') },
      ],
      skipped: [],
    })
  })

  it.each([
    ['my-skills/**/*.md', 'my-skills/foo.md', 'foo'],
    ['my-skills/**/*.md', 'my-skills/foo/bar.md', 'foo/bar'],
    ['my-skills/**/*.md', 'my-skills/foo/bar/baz.md', 'foo/bar/baz'],
    ['*.md', 'top.md', 'top'],
    ['docs/team-a.md', 'docs/team-a.md', 'team-a'],
    ['docs/{a,b}.md', 'docs/b.md', 'b'],
    ['d?cs/x.md', 'docs/x.md', 'docs/x'],
    ['**/*.md', 'deep/er/x.md', 'deep/er/x'],
  ])('seed: %s with %s gives id %s', async (pattern, file, id) => {
    await writeTree(root, { [file]: '# body' })
    expect(await ids([pattern])).toEqual([id])
  })

  it('anchors ids at an absolute pattern prefix', async () => {
    await writeTree(root, { 'abs/x/y.md': '# y' })
    expect(await ids([`${root}/abs/**/*.md`])).toEqual(['x/y'])
  })

  it('skips files whose derived id is invalid, with the validator reason', async () => {
    const long = 'a'.repeat(65)
    await writeTree(root, {
      's/Bad-Case.md': '',
      's/with space.md': '',
      's/dot.name.md': '',
      's/notes.txt': '',
      's/fn/x.md': '',
      [`s/${long}.md`]: '',
      's/ok.md': '',
    })
    const { skills, skipped } = await expand(['s/**/*'])
    expect(skills.map((s) => s.id)).toEqual(['ok'])
    expect(skipped).toEqual([
      { kind: 'skill', path: join(root, 's/Bad-Case.md'), reason: `invalid id "Bad-Case": invalid id (segment 1 of "Bad-Case"): segment may only contain lowercase ASCII letters, digits, '-' and '_': "Bad-Case"` },
      { kind: 'skill', path: join(root, `s/${long}.md`), reason: `invalid id "${long}": invalid id (segment 1 of "${long}"): segment too long (65 chars; max 64): "${long}"` },
      { kind: 'skill', path: join(root, 's/dot.name.md'), reason: `invalid id "dot.name": invalid id (segment 1 of "dot.name"): segment may only contain lowercase ASCII letters, digits, '-' and '_': "dot.name"` },
      { kind: 'skill', path: join(root, 's/fn/x.md'), reason: `invalid id "fn/x": id may not have "fn" as its first segment (reserved as the iii://fn/ section-URI marker): "fn/x"` },
      { kind: 'skill', path: join(root, 's/notes.txt'), reason: `invalid id "notes.txt": invalid id (segment 1 of "notes.txt"): segment may only contain lowercase ASCII letters, digits, '-' and '_': "notes.txt"` },
      { kind: 'skill', path: join(root, 's/with space.md'), reason: `invalid id "with space": invalid id (segment 1 of "with space"): segment may only contain lowercase ASCII letters, digits, '-' and '_': "with space"` },
    ])
  })

  it('keeps one entry without a warning when two patterns match the same file', async () => {
    await writeTree(root, { 'my-skills/a.md': '# a' })
    expect(await expand(['my-skills/*.md', 'my-skills/**/*.md', 'my-skills/{a,b}.md'])).toEqual({
      skills: [{ id: 'a', path: join(root, 'my-skills/a.md') }],
      skipped: [],
    })
  })

  it('skips the later file of an id with upstream\'s reason, counted as a skip (§6.3, E18.1)', async () => {
    await writeTree(root, { 'first/shared.md': '# 1', 'second/shared.md': '# 2' })
    expect(await expand(['first/*.md', 'second/*.md'])).toEqual({
      skills: [{ id: 'shared', path: join(root, 'first/shared.md') }],
      skipped: [{ kind: 'skill', path: join(root, 'second/shared.md'), reason: `duplicate id "shared" also produced by ${join(root, 'first/shared.md')}` }],
    })
    const { skills } = await expandSkillGlobs(['first/*.md', 'second/*.md'], root, silentLogger())
    expect(skills[0]!.warnings).toBeUndefined()
  })

  it('records an invalid pattern as a skip with the pattern as path and goes on', async () => {
    await writeTree(root, { 'ok/a.md': '' })
    const position = [...`${root}/`].length
    expect(await expand(['[unclosed', 'ok/*.md'])).toEqual({
      skills: [{ id: 'a', path: join(root, 'ok/a.md') }],
      skipped: [
        {
          kind: 'skill',
          path: '[unclosed',
          reason: `invalid glob "[unclosed": Pattern syntax error near position ${position}: invalid range pattern`,
        },
      ],
    })
  })

  it('returns nothing for patterns without matches', async () => {
    expect(await expand(['does-not-exist/**/*.md'])).toEqual({ skills: [], skipped: [] })
    expect(await expand([])).toEqual({ skills: [], skipped: [] })
  })

  it('treats glob characters in the base dir as pattern syntax, since upstream joins it as text', async () => {
    // The base dir is joined as text, so its `[` is a glob class: `b[x]` matches `bx`, and the
    // static prefix stops before it; ids are then relative to the parent of the base dir.
    const base = join(root, 'b[x]')
    await writeTree(root, { 'bx/a.md': '', 'b[x]/keep': '' })
    const { log, messages } = captureLogger()
    const { skills } = await expandSkillGlobs(['*.md'], base, log)
    expect(skills.map(idAndPath)).toEqual([{ id: 'bx/a', path: join(root, 'bx/a.md') }])
    expect(messages()).toEqual([])
  })
})
