import { execFileSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { stat, utimes } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatTimestamp } from '../../src/core/time.js'
import { fileMeta, metaOf, metaOfStats } from '../../src/fs/file-meta.js'
import { pathInfo } from '../../src/fs/fs-view.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

describe('fileMeta', () => {
  it('reports the whole file size, frontmatter included, and the mtime as a D9 timestamp', async () => {
    await writeTree(root, { 'a.md': '---\nx: 1\n---\nbody é' })
    await utimes(join(root, 'a.md'), new Date('2026-01-02T03:04:05.678Z'), new Date('2026-11-22T06:41:40.567Z'))
    expect(await fileMeta(join(root, 'a.md'))).toEqual({ bytes: 20, registeredAt: '2026-11-22T06:41:40.567+00:00' })
  })

  it('drops a zero millisecond fraction', async () => {
    await writeTree(root, { 'a.md': 'x' })
    await utimes(join(root, 'a.md'), new Date(0), new Date('2026-11-22T06:41:40.000Z'))
    expect(await fileMeta(join(root, 'a.md'))).toEqual({ bytes: 1, registeredAt: '2026-11-22T06:41:40+00:00' })
  })

  it('rounds a sub-millisecond mtime the way fs.stat\'s mtime does (the date listings always showed)', async () => {
    await writeTree(root, { 'a.md': 'x' })
    for (const seconds of [1795534054.8297275, 1795534054.8292, 1795534054.0005, 1795534054.9996]) {
      await utimes(join(root, 'a.md'), seconds, seconds)
      const expected = formatTimestamp((await stat(join(root, 'a.md'))).mtime)
      expect((await fileMeta(join(root, 'a.md'))).registeredAt).toBe(expected)
    }
  })

  it('gives 0 and "" when the file cannot be stat-ed', async () => {
    expect(await fileMeta(join(root, 'gone.md'))).toEqual({ bytes: 0, registeredAt: '' })
  })
})

describe('metaOfStats', () => {
  it('gives what metaOf gives from the bigint stat, at every sub-millisecond rounding', async () => {
    await writeTree(root, { 'a.md': 'xyz' })
    const path = join(root, 'a.md')
    for (const stamp of ['1969-12-31 23:59:59.9995', '2025-01-01 12:00:00.1234995', '2025-01-01 12:00:00.1235005', '2026-11-22 06:41:40.000499999']) {
      execFileSync('touch', ['-d', `${stamp} UTC`, path])
      expect([stamp, metaOfStats(statSync(path))]).toEqual([stamp, metaOf(pathInfo(statSync(path, { bigint: true })))])
    }
  })
})
