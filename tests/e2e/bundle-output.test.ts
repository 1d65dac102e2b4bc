/**
 * What `npm run build` writes for the command (src/app/bundle.mjs, E16.2): outputs in ASCII, so V8 keeps
 * each one's source as one byte a character, and an entry that turns on Node's compile cache before
 * the command's modules load, so a second start reads their compiled code from disk.
 */
import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../support/processes.js'
import { makeTempDir, removeTempDir } from '../support/temp-tree.js'

const run = promisify(execFile)
const MAIN = join(REPO_ROOT, 'dist/src/main.js')

let dir: string
beforeEach(async () => {
  dir = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(dir)
})

describe('the bundled command', () => {
  it('is ASCII in every output', async () => {
    const outputs = [MAIN, ...(await readdir(join(REPO_ROOT, 'dist/src/bundle'))).filter((f) => f.endsWith('.js')).map((f) => join(REPO_ROOT, 'dist/src/bundle', f))]
    expect(outputs.length).toBeGreaterThan(5)
    for (const output of outputs) {
      const text = await readFile(output, 'utf8')
      expect({ output, at: text.search(/[^\x00-\x7f]/) }).toEqual({ output, at: -1 })
    }
  })

  it('fills the compile cache named by NODE_COMPILE_CACHE where Node has one', async () => {
    const cache = join(dir, 'cache')
    const { stdout } = await run(process.execPath, [MAIN, '--help'], { env: { ...process.env, NODE_COMPILE_CACHE: cache } })
    expect(stdout).toContain('Usage: iii-skills')
    const entries = await readdir(cache, { recursive: true }).catch(() => [])
    const major = Number(process.versions.node.split('.')[0])
    if (major >= 22) expect(entries.length).toBeGreaterThan(1)
    else expect(entries).toEqual([])
  })
})
