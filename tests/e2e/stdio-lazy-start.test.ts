/**
 * E19.3 over stdio: `initialize` is answered without waiting for the first scan of a large tree (the
 * instructions then leave out the count), and the first `resources/list` waits for the scan, so its
 * first pass already names every skill: no client sees a partial catalogue.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectStdioClient } from '../support/stdio-client.js'
import { E2E_TIMEOUT_MS } from '../support/processes.js'
import { makeTempDir, removeTempDir } from '../support/temp-tree.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const SKILLS = 3000
let dir: string
let client: Client | undefined

beforeAll(async () => {
  dir = await makeTempDir()
  for (let i = 0; i < SKILLS; i++) {
    const name = `skill-${String(i).padStart(4, '0')}`
    await mkdir(join(dir, name, 'references'), { recursive: true })
    await writeFile(join(dir, name, 'SKILL.md'), `---\nname: ${name}\ndescription: Generated skill ${i}.\n---\n${'Body text. '.repeat(50)}\n`)
    await writeFile(join(dir, name, 'references', 'guide.md'), `# Guide ${i}\n`)
  }
})
afterAll(async () => {
  await client?.close()
  await removeTempDir(dir)
})

describe('a stdio start over a large tree (E19.3)', () => {
  it('answers initialize before the scan ends, and the first listing is the whole catalogue', async () => {
    client = await connectStdioClient(['--skills-dir', dir])
    expect(client.getInstructions()).toMatch(/^iii-skills serves skills \(resources\/list lists them\)/)
    const uris = new Set<string>()
    let cursor: string | undefined
    do {
      const page = await client.listResources(cursor === undefined ? {} : { cursor })
      for (const resource of page.resources) uris.add(resource.uri)
      cursor = page.nextCursor
    } while (cursor !== undefined)
    const skillMd = [...uris].filter((uri) => uri.startsWith('skill://') && uri.endsWith('/SKILL.md'))
    expect(skillMd).toHaveLength(SKILLS)
    expect([...uris].filter((uri) => uri.startsWith('iii://') && uri !== 'iii://skills')).toHaveLength(SKILLS)
    const read = await client.readResource({ uri: 'skill://skill-2999/SKILL.md' })
    expect(JSON.stringify(read.contents)).toContain('Generated skill 2999.')
  })
})
