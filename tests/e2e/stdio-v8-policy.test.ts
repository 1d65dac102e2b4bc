/**
 * How V8 runs a `--stdio` server (src/app/v8-policy.ts, E16.1): hot code stays with the interpreter and
 * the baseline compiler unless `--jit` is given; the young generation stops growing at 4 MiB (V8 would
 * take it to 32 MiB serving 1,000 skills here, and to 128 MiB at 10,000). The collection before the
 * first answer is tested in tests/app/v8-policy.test.ts.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { YOUNG_GENERATION_CAP_BYTES } from '../../src/app/v8-policy.js'
import { connectStdioClient } from '../support/stdio-client.js'
import { E2E_TIMEOUT_MS, REPO_ROOT } from '../support/processes.js'
import { makeTempDir, removeTempDir } from '../support/temp-tree.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const SKILLS = 1000

let dir: string
beforeEach(async () => {
  dir = await makeTempDir()
  for (let i = 0; i < SKILLS; i++) {
    const name = `skill-${String(i).padStart(4, '0')}`
    await mkdir(join(dir, 'skills', name), { recursive: true })
    await writeFile(join(dir, 'skills', name, 'SKILL.md'), `---\nname: ${name}\ndescription: Generated skill ${i} for the V8 policy test.\n---\n${'Body text of a generated skill. '.repeat(30)}\n`)
  }
})
afterEach(async () => {
  await removeTempDir(dir)
})

/** Every page of resources/list, then every SKILL.md read: what a client does first. */
async function work(client: Client): Promise<void> {
  let cursor: string | undefined
  const uris: string[] = []
  do {
    const page = await client.listResources(cursor === undefined ? {} : { cursor })
    uris.push(...page.resources.map((r) => r.uri).filter((uri) => uri.startsWith('skill://')))
    cursor = page.nextCursor
  } while (cursor !== undefined)
  expect(uris).toHaveLength(SKILLS)
  for (const uri of uris) await client.readResource({ uri })
}

/** The tiers (`+` Maglev, `*` TurboFan) of the code V8 made for the bundle's functions, from its --prof log. */
async function optimisedTiers(args: string[]): Promise<string[]> {
  const cwd = join(dir, 'cwd')
  await mkdir(cwd)
  const client = await connectStdioClient(['--skills-dir', join(dir, 'skills'), ...args], { cwd, nodeArgs: ['--prof'] })
  await work(client)
  await client.close()
  const log = async () => {
    const file = (await readdir(cwd)).find((f) => f.startsWith('isolate-') && f.endsWith('.log'))
    expect(file).toBeDefined()
    return readFile(join(cwd, file as string), 'utf8')
  }
  await vi.waitFor(async () => expect(await log()).toContain('code-creation,JS'), { timeout: 20_000, interval: 100 })
  const bundle = join(REPO_ROOT, 'dist/src/')
  return (await log()).split('\n')
    .filter((line) => line.startsWith('code-creation,JS,') && line.includes(bundle))
    .map((line) => line.slice(line.lastIndexOf(',') + 1).replace("'", ''))
    .filter((tier) => tier === '+' || tier === '*')
}

describe('V8 on stdio', () => {
  it('keeps hot code unoptimised without --jit', async () => {
    expect(await optimisedTiers([])).toEqual([])
  })

  it('lets V8 optimise hot code with --jit', async () => {
    expect((await optimisedTiers(['--jit'])).length).toBeGreaterThan(0)
  })

  it('stops the young generation growing at its cap', async () => {
    const probe = join(dir, 'heap.json')
    const client = await connectStdioClient(['--skills-dir', join(dir, 'skills')], {
      env: { NODE_OPTIONS: `--import ${join(REPO_ROOT, 'tests/support/heap-spaces.mjs')}`, HEAP_SPACES_FILE: probe },
    })
    await work(client)
    await work(client)
    await client.close()
    await vi.waitFor(async () => expect(JSON.parse(await readFile(probe, 'utf8'))).toHaveProperty('new_space'), { timeout: 10_000, interval: 50 })
    const largest = JSON.parse(await readFile(probe, 'utf8')) as Record<string, number>
    expect(largest.new_space).toBeGreaterThan(0)
    // V8 reports collections late, so the young generation may end one doubling above the cap.
    expect(largest.new_space).toBeLessThanOrEqual(2 * YOUNG_GENERATION_CAP_BYTES)

  })
})
