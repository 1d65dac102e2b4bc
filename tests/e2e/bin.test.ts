/**
 * The published bin (package.json `bin.iii-skills`, the compiled `dist/src/main.js`) as a user runs
 * it after `npm run build` — which `npm test` does before any suite: `--manifest` prints the §8
 * document and exits 0 without connecting anywhere.
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { renderManifest } from '../../src/app/manifest.js'
import { REPO_ROOT } from '../support/processes.js'

const run = promisify(execFile)

describe('the iii-skills bin', () => {
  it('prints the manifest with `node <bin> --manifest` and exits 0', async () => {
    const pkg = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> }
    const bin = join(REPO_ROOT, pkg.bin['iii-skills'] as string)
    const { stdout, stderr } = await run(process.execPath, [bin, '--manifest'], {
      cwd: REPO_ROOT, env: { ...process.env, III_URL: 'ws://127.0.0.1:1' },
    })
    expect(stdout).toBe(renderManifest())
    expect(stdout).toContain('"version": "0.2.4"')
    expect(stderr).toBe('')
  })
})
