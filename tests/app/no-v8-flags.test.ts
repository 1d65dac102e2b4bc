/**
 * E19.2: V8 runs as Node ships it. Nothing in src/ sets a V8 flag after start, forces a collection,
 * or runs a warm-up session before the client's.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../support/processes.js'

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile() && /\.(ts|mts|mjs|js)$/.test(e.name)).map((e) => join(e.parentPath, e.name))
}

const FORBIDDEN = [/setFlagsFromString/, /--expose[-_]gc/, /\bglobalThis\.gc\b/, /\bglobal\.gc\b/, /runInNewContext\(\s*['"]gc['"]/, /warm-?up/i]

describe('V8 as Node ships it (E19.2)', () => {
  it('no source sets a V8 flag, forces a collection or warms up', async () => {
    const found: string[] = []
    for (const file of await sources(join(REPO_ROOT, 'src'))) {
      const text = await readFile(file, 'utf8')
      for (const pattern of FORBIDDEN) if (pattern.test(text)) found.push(`${file.slice(REPO_ROOT.length)}: ${pattern}`)
    }
    expect(found).toEqual([])
  })
})
