import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module with no type declarations (it runs before any build)
import { distCurrent, writeStamp } from '../../src/app/dist-stamp.mjs'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'

// E16.3: `npm start` builds only when dist/ is not the build of the sources as they are.
let root: string
beforeEach(async () => {
  root = await makeTempDir()
  await writeTree(root, { 'src/main.ts': 'export {}\n', 'src/ui/assets/page.css': 'body {}\n', 'tsconfig.json': '{}\n', 'package.json': '{}\n' })
  await mkdir(join(root, 'dist'), { recursive: true })
})
afterEach(async () => {
  await removeTempDir(root)
})

describe('dist stamp (npm start)', () => {
  it('is stale with no stamp, current once stamped', () => {
    expect(distCurrent(root)).toBe(false)
    writeStamp(root)
    expect(distCurrent(root)).toBe(true)
  })

  it('is stale after a source, an asset or the package changes', async () => {
    for (const [path, text] of [['src/main.ts', 'export const a = 1\n'], ['src/ui/assets/page.css', 'p {}\n'], ['package.json', '{"a":1}\n'], ['src/new.ts', '\n']] as const) {
      writeStamp(root)
      await writeFile(join(root, path), text)
      expect(distCurrent(root), path).toBe(false)
    }
  })

  it('stays current when a file is rewritten with the same bytes', async () => {
    writeStamp(root)
    await writeFile(join(root, 'src/main.ts'), 'export {}\n')
    expect(distCurrent(root)).toBe(true)
  })
})
