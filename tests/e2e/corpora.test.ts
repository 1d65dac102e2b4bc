/**
 * E13 on real catalogues: one `--skills-dir` over all of shared/corpora (1,485 Agent Skills from ten
 * authors, read-only). Every non-hidden SKILL.md folder with a description is served; every file of
 * every skill read back over `skill://` and `read_skill_file` is byte-identical to the disk and to
 * its listed digest (byte-order marks included); descriptions are served as written; paging through
 * `skills/list` is cheap (the bench holds the 1 s target, this a generous bound).
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { folderSegment } from '../../src/core/ids.js'
import { connectMcpClient, type ConnectedMcpClient } from '../support/mcp-client.js'
import { E2E_TIMEOUT_MS, REPO_ROOT, spawnEmbeddedSkills, stopAllChildren, type EmbeddedSkills } from '../support/processes.js'

vi.setConfig({ testTimeout: 10 * E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const CORPORA = resolve(REPO_ROOT, '../shared/corpora')
const Any = z.object({}).passthrough()
interface Entry { uri: string; frontmatter: Record<string, unknown>; resources: Array<{ uri: string; digest: string }> }

let env: EmbeddedSkills
let mcp: ConnectedMcpClient
let entries: Entry[]
let listMs: number

/** Every SKILL.md under the corpora outside hidden folders and node_modules, at most 6 folders deep. */
function skillFiles(dir: string, depth = 0, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.') || name === 'node_modules') continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      if (depth < 6) skillFiles(path, depth + 1, out)
    } else if (name === 'SKILL.md' && depth > 0) out.push(path)
  }
  return out
}

function frontmatterOf(path: string): Record<string, unknown> | undefined {
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '')
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)
  if (match === null) return undefined
  try {
    const parsed = parseYaml(match[1]!) as unknown
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

beforeAll(async () => {
  env = await spawnEmbeddedSkills(['--skills-dir', CORPORA, '--no-ui'])
  mcp = await connectMcpClient(env.mcpUrl)
  entries = []
  const start = performance.now()
  let cursor: string | undefined
  do {
    const page = (await mcp.client.request({ method: 'skills/list', params: cursor === undefined ? {} : { cursor } } as never, Any)) as unknown as { skills: Entry[]; nextCursor?: string }
    entries.push(...page.skills)
    cursor = page.nextCursor
  } while (cursor !== undefined)
  listMs = performance.now() - start
})

afterAll(async () => {
  await mcp?.close()
  await env?.sdk.close()
  await stopAllChildren()
})

describe('one --skills-dir over shared/corpora (E13)', () => {
  it('serves every non-hidden SKILL.md folder with a description; a skip is only for a missing one', async () => {
    const files = skillFiles(CORPORA)
    const described = files.filter((path) => {
      const description = frontmatterOf(path)?.description
      return typeof description === 'string' && description.trim() !== ''
    })
    expect(described.length).toBeGreaterThan(1400)
    const diagnostics = await env.sdk.call<{ skipped: Array<{ path: string; reason: string }> }>('skills::diagnostics', {}, 60_000)
    const skippedPaths = new Set(diagnostics.skipped.map((s) => s.path))
    expect(described.filter((path) => skippedPaths.has(path))).toEqual([])
    for (const skip of diagnostics.skipped) expect(skip.reason).toMatch(/frontmatter/)
    const served = await env.sdk.call<{ skills: Array<{ id: string }> }>('skills::list', {}, 60_000)
    expect(served.skills.length + diagnostics.skipped.length).toBe(files.length)
  })

  it('pages through skills/list, every page together within a generous bound', () => {
    expect(entries.length).toBeGreaterThan(1300)
    expect(new Set(entries.map((e) => e.uri)).size).toBe(entries.length)
    expect(listMs).toBeLessThan(15_000)
  })

  it('reads every file of every skill back over skill:// byte-identical to its digest and to the disk', async () => {
    let files = 0
    for (const entry of entries) {
      for (const { uri, digest } of entry.resources) {
        const { contents } = await mcp.client.readResource({ uri })
        const item = contents[0] as { text?: string; blob?: string }
        const bytes = item.text !== undefined ? Buffer.from(item.text, 'utf8') : Buffer.from(item.blob!, 'base64')
        expect(`sha256:${createHash('sha256').update(bytes).digest('hex')}`, uri).toBe(digest)
        files++
      }
    }
    expect(files).toBeGreaterThan(3000)
  })

  it('reads every text file of every skill back over read_skill_file as it is on disk, byte-order marks included', async () => {
    // Where each id's folder is: ids come from folder names mapped to id segments (E13.3).
    const folders = new Map(skillFiles(CORPORA).map((path) => {
      const folder = path.slice(0, -'/SKILL.md'.length)
      return [folder.slice(CORPORA.length + 1).split('/').map(folderSegment).join('/'), folder]
    }))
    const boms: string[] = []
    for (const entry of entries) {
      const id = entry.uri.slice('skill://'.length, -'/SKILL.md'.length)
      const { skill } = await env.sdk.call<{ skill: { files: Array<{ path: string; digest: string }> } }>('skill::describe_skill', { name: id.replaceAll('/', '.'), detail: 'full' }, 30_000)
      const folder = folders.get(id)!
      for (const file of skill.files) {
        const disk = readFileSync(join(folder, file.path))
        expect(`sha256:${createHash('sha256').update(disk).digest('hex')}`).toBe(file.digest)
        const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
        let expected: string
        try {
          expected = text.decode(disk)
        } catch {
          continue // a binary file: read_skill_file serves text only
        }
        if (disk.length > 1024 * 1024) continue
        const read = await env.sdk.call<{ content: string }>('skill::read_skill_file', { name: id.replaceAll('/', '.'), path: file.path }, 30_000)
        expect(read.content, `${id}/${file.path}`).toBe(expected)
        if (expected.startsWith('\uFEFF')) boms.push(`${id}/${file.path}`)
      }
    }
    expect(boms.length).toBeGreaterThan(0)
  })

  it('serves each description as written in the frontmatter, only trimmed', async () => {
    // E12.6: resources/list comes in pages of at most 500 entries; the corpora take three.
    const resources: Array<{ uri: string; name: string; description?: string }> = []
    for (let cursor: string | undefined, first = true; first || cursor !== undefined; first = false) {
      const page = await mcp.client.listResources(cursor === undefined ? undefined : { cursor })
      resources.push(...page.resources)
      cursor = page.nextCursor
    }
    const byName = new Map(resources.filter((r) => r.uri.startsWith('iii://')).map((r) => [r.name, r.description]))
    let multiLine = 0
    for (const entry of entries) {
      const id = entry.uri.slice('skill://'.length, -'/SKILL.md'.length)
      const description = String(entry.frontmatter.description).trim()
      expect(byName.get(id), id).toBe(description)
      if (description.includes('\n')) multiLine++
    }
    expect(multiLine).toBeGreaterThan(0)
  })
})
