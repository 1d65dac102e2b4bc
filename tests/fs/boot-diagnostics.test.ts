import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { logFsHealth } from '../../src/fs/boot-diagnostics.js'
import { captureLogger, makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'

let root: string
beforeEach(async () => {
  root = await makeTempDir()
  await writeTree(root, {
    's/alpha.md': '# alpha',
    's/beta.md': '# beta',
    's/Bad.md': '# bad',
    'p/one.md': '---\ndescription: first\n---\nbody',
    'p/two.md': '---\ndescription: second\n---\nbody',
    'p/no-fm.md': 'body',
  })
})
afterEach(async () => {
  await removeTempDir(root)
})

const config = { skills: ['s/*.md', '[bad'], prompts: ['p/*.md'] }
const badReason = `invalid id "Bad": invalid id (segment 1 of "Bad"): segment may only contain lowercase ASCII letters, digits, '-' and '_': "Bad"`
const globReason = () => `invalid glob "[bad": Pattern syntax error near position ${[...`${root}/`].length}: invalid range pattern`
const noFm = 'missing YAML frontmatter (expected --- ... --- block at file start)'

describe('logFsHealth', () => {
  it('logs loaded entries, then skips (skills first), then a summary', async () => {
    const { log, lines } = captureLogger()
    expect(await logFsHealth(config, root, log)).toEqual({ skills: 2, prompts: 2, skipped: 3 })
    expect(lines()).toEqual([
      { level: 30, msg: 'loaded fs-backed skill', id: 'alpha', path: join(root, 's/alpha.md') },
      { level: 30, msg: 'loaded fs-backed skill', id: 'beta', path: join(root, 's/beta.md') },
      { level: 30, msg: 'loaded fs-backed prompt', name: 'one', path: join(root, 'p/one.md') },
      { level: 30, msg: 'loaded fs-backed prompt', name: 'two', path: join(root, 'p/two.md') },
      { level: 40, msg: 'skipped fs entry', kind: 'skill', path: join(root, 's/Bad.md'), reason: badReason },
      { level: 40, msg: 'skipped fs entry', kind: 'skill', path: '[bad', reason: globReason() },
      { level: 40, msg: 'skipped fs entry', kind: 'prompt', path: join(root, 'p/no-fm.md'), reason: noFm },
      { level: 30, msg: 'fs source scan complete', skills: 2, prompts: 2, skipped: 3, base_dir: root },
    ])
  })

  it('reports fs entries shadowed by state rows as skipped and does not count them as served (D4)', async () => {
    const { log, lines } = captureLogger()
    const stateKeys = { skills: new Set(['beta', 'unrelated']), prompts: new Set(['one']) }
    expect(await logFsHealth(config, root, log, stateKeys)).toEqual({ skills: 1, prompts: 1, skipped: 5 })
    expect(lines()).toEqual([
      { level: 30, msg: 'loaded fs-backed skill', id: 'alpha', path: join(root, 's/alpha.md') },
      { level: 30, msg: 'loaded fs-backed prompt', name: 'two', path: join(root, 'p/two.md') },
      { level: 40, msg: 'skipped fs entry', kind: 'skill', path: join(root, 's/Bad.md'), reason: badReason },
      { level: 40, msg: 'skipped fs entry', kind: 'skill', path: '[bad', reason: globReason() },
      { level: 40, msg: 'skipped fs entry', kind: 'skill', path: join(root, 's/beta.md'), reason: 'collision with state-backed entry' },
      { level: 40, msg: 'skipped fs entry', kind: 'prompt', path: join(root, 'p/no-fm.md'), reason: noFm },
      { level: 40, msg: 'skipped fs entry', kind: 'prompt', path: join(root, 'p/one.md'), reason: 'collision with state-backed entry' },
      { level: 30, msg: 'fs source scan complete', skills: 1, prompts: 1, skipped: 5, base_dir: root },
    ])
  })

  it('warns when the state scopes could not be listed and reports without shadowing', async () => {
    const { log, lines } = captureLogger()
    expect(await logFsHealth(config, root, log, new Error('state::list: timeout'))).toEqual({ skills: 2, prompts: 2, skipped: 3 })
    expect(lines()[0]).toEqual({ level: 40, msg: 'could not list state scopes to find shadowed fs entries', error: 'state::list: timeout' })
    expect(lines().at(-1)).toEqual({ level: 30, msg: 'fs source scan complete', skills: 2, prompts: 2, skipped: 3, base_dir: root })
  })

  it('logs only the summary when no globs are configured', async () => {
    const { log, lines } = captureLogger()
    expect(await logFsHealth({ skills: [], prompts: [] }, root, log)).toEqual({ skills: 0, prompts: 0, skipped: 0 })
    expect(lines()).toEqual([{ level: 30, msg: 'fs source scan complete', skills: 0, prompts: 0, skipped: 0, base_dir: root }])
  })
})
