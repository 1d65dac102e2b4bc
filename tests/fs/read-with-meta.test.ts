import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fileMeta } from '../../src/fs/file-meta.js'
import { readTextFile } from '../../src/fs/read-text.js'
import { readWithMeta } from '../../src/fs/read-with-meta.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { FS_LIMITS } from '../../src/core/limits.js'

// E16.2: the one-open synchronous read gives what the asynchronous read and stat give.
let root: string
beforeEach(async () => {
  root = await makeTempDir()
  await writeTree(root, {
    'small.md': '---\nname: small\n---\nbody é\n',
    'bom.md': Buffer.from([0xef, 0xbb, 0xbf, 0x41]),
    'latin1.md': Buffer.from([0x41, 0xe9, 0x42]),
    'empty.md': '',
    'large.md': 'x'.repeat(600 * 1024),
    'too-large.md': 'y'.repeat(1_048_577),
    'dir/inner.md': 'inner',
  })
  execFileSync('mkfifo', [join(root, 'fifo.md')])
})
afterEach(async () => {
  await removeTempDir(root)
})

describe('readWithMeta', () => {
  it.each(['small.md', 'bom.md', 'latin1.md', 'empty.md', 'large.md', 'too-large.md', 'dir', 'fifo.md', 'missing.md'])('reads %s as readTextFile and fileMeta do', async (name) => {
    const path = join(root, name)
    const [read, meta] = await Promise.all([readTextFile(path, FS_LIMITS.textFileBytes), fileMeta(path)])
    expect(await readWithMeta(path, FS_LIMITS.textFileBytes)).toEqual({ read, meta })
  })
})
