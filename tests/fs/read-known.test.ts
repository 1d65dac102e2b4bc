import { mkdir, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readBody } from '../../src/fs/entry-body.js'
import { readKnownText } from '../../src/fs/read-known.js'
import { readTextFile } from '../../src/fs/read-text.js'
import { makeTempDir, removeTempDir } from '../support/temp-tree.js'
import { FS_LIMITS } from '../../src/core/limits.js'

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

describe('readKnownText', () => {
  it('reads a file of the known size', async () => {
    await writeFile(join(root, 'a.md'), '# A\n\nBody \u00e9.\n')
    expect(await readKnownText(join(root, 'a.md'), 15, FS_LIMITS.textFileBytes)).toEqual({ ok: true, text: '# A\n\nBody \u00e9.\n' })
  })

  it.each([
    ['bigger than known (changed since)', 4],
    ['smaller than known', 4096],
    ['known as empty', 0],
  ])('gives what readTextFile gives for a file %s', async (_case, knownSize) => {
    await writeFile(join(root, 'a.md'), '# Grown\n\nA longer body than before.\n')
    expect(await readKnownText(join(root, 'a.md'), knownSize, FS_LIMITS.textFileBytes)).toEqual(await readTextFile(join(root, 'a.md'), FS_LIMITS.textFileBytes))
  })

  it('gives readTextFile\'s errors for a missing file, a folder, invalid UTF-8 and a file over the cap', async () => {
    await mkdir(join(root, 'dir.md'))
    await writeFile(join(root, 'binary.md'), Buffer.from([0x23, 0x20, 0xff, 0xfe]))
    await writeFile(join(root, 'big.md'), '')
    await truncate(join(root, 'big.md'), 2 * 1024 * 1024)
    for (const [name, size] of [['gone.md', 10], ['dir.md', 4096], ['binary.md', 4], ['big.md', 2 * 1024 * 1024], ['big.md', 10]] as const) {
      const path = join(root, name)
      expect(await readKnownText(path, size, FS_LIMITS.textFileBytes)).toEqual(await readTextFile(path, FS_LIMITS.textFileBytes))
    }
  })

  it('serves the same body through readBody with and without a known size', async () => {
    await writeFile(join(root, 'a.md'), '---\nname: a\n---\n# A\n')
    expect(await readBody(join(root, 'a.md'), FS_LIMITS, 20)).toBe('# A\n')
    expect(await readBody(join(root, 'a.md'), FS_LIMITS, 20)).toBe(await readBody(join(root, 'a.md'), FS_LIMITS))
  })
})
