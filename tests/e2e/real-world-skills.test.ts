/**
 * E5 end to end: a folder of skills written as a major vendor publishes them, served whole by the
 * real process and read with the official MCP SDK client over HTTP and over stdio. Every skill with a
 * description is listed with its frontmatter description and the E5.3 title; the bridge profile
 * keeps upstream's entry shape.
 */
import { join } from 'node:path'
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { connectMcpClient, type ConnectedMcpClient } from '../support/mcp-client.js'
import { pollUntil } from '../support/poll.js'
import { connectStdioClient } from '../support/stdio-client.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { E2E_TIMEOUT_MS, REPO_ROOT, runSkills, spawnEmbeddedSkills, stopAllChildren } from '../support/processes.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const FIXTURE = join(REPO_ROOT, 'tests/fixtures/real-world')
const CONFIG = join(FIXTURE, 'config.yaml')
const description = (folder: string) => {
  const text = readFileSync(join(FIXTURE, 'skills', folder, 'SKILL.md'), 'utf8')
  const line = text.split('\n').find((l) => l.startsWith('description: '))!.slice('description: '.length)
  return line.startsWith('"') ? (JSON.parse(line) as string) : line
}

/** What the full profile lists for each served skill: uri, name = id, title (E5.3), the whole description. */
const EXPECTED = [
  { uri: 'iii://brand-guidelines', name: 'brand-guidelines', title: 'anthropic-brand', description: description('brand-guidelines') },
  { uri: 'iii://pdf', name: 'pdf', title: 'PDF toolkit', description: description('pdf') },
  { uri: 'iii://pptx', name: 'pptx', title: 'pptx', description: description('pptx') },
  { uri: 'iii://webapp-testing', name: 'webapp-testing', title: 'Web app testing', description: description('webapp-testing') },
  { uri: 'iii://xlsx', name: 'xlsx', title: 'xlsx', description: description('xlsx') },
]

function expectFullListing(resources: Array<Record<string, unknown>>): void {
  const skills = resources.filter((r) => r.uri !== 'iii://skills' && String(r.uri).startsWith('iii://'))
  expect(skills.map(({ uri, name, title, description: d }) => ({ uri, name, title, description: d }))).toEqual(EXPECTED)
  for (const r of skills) {
    expect(r.mimeType).toBe('text/markdown')
    expect(r.size).toEqual(expect.any(Number))
    expect(new Date((r.annotations as { lastModified: string }).lastModified).toISOString()).toBe((r.annotations as { lastModified: string }).lastModified)
    expect(Object.values(r)).not.toContain(null)
  }
  expect((EXPECTED[4]!.description).length).toBeGreaterThan(1024)
}

let mcp: ConnectedMcpClient | undefined
afterEach(async () => {
  await mcp?.close()
  mcp = undefined
  await stopAllChildren()
})

describe('a real-world folder of Agent Skills (E5)', () => {
  it('is listed whole over HTTP (full profile), each skill with its description and title', async () => {
    const { mcpUrl, sdk } = await spawnEmbeddedSkills(['--config', CONFIG])
    mcp = await connectMcpClient(mcpUrl)
    expectFullListing((await mcp.client.listResources()).resources as Array<Record<string, unknown>>)
    expect(mcp.errors).toEqual([])
    await sdk.close()
  })

  it('is listed whole over stdio, the same way', async () => {
    const client = await connectStdioClient(['--config', CONFIG])
    try {
      expectFullListing((await client.listResources()).resources as Array<Record<string, unknown>>)
    } finally {
      await client.close()
    }
  })

  it('keeps the bridge profile\'s upstream entries: {uri, name: title, mimeType}', async () => {
    const { mcpUrl, sdk } = await spawnEmbeddedSkills(['--config', CONFIG, '--mcp-profile', 'bridge'])
    mcp = await connectMcpClient(mcpUrl)
    const { resources } = await mcp.client.listResources()
    expect(resources.slice(1)).toEqual(EXPECTED.map(({ uri, title }) => ({ uri, name: title, mimeType: 'text/markdown' })))
    await sdk.close()
  })

  it('describes a skill served despite a warning with its warnings', async () => {
    const { sdk } = await spawnEmbeddedSkills(['--config', CONFIG])
    const described = await sdk.call<{ warnings?: string[] }>('skill::describe_skill', { name: 'xlsx', detail: 'manifest' })
    expect(described.warnings).toEqual(['description longer than 1024 characters'])
    expect(await sdk.call('skills::diagnostics', {})).toEqual({
      skipped: [{ kind: 'skill', path: join(FIXTURE, 'skills/no-description/SKILL.md'), reason: 'frontmatter missing non-empty `description`' }],
      warnings: [
        { kind: 'skill', path: join(FIXTURE, 'skills/brand-guidelines/SKILL.md'), id: 'brand-guidelines', message: 'frontmatter name "anthropic-brand" does not match folder "brand-guidelines"' },
        { kind: 'skill', path: join(FIXTURE, 'skills/brand-guidelines/SKILL.md'), id: 'brand-guidelines', message: 'not published as an MCP skill: frontmatter name "anthropic-brand" differs from "brand-guidelines"' },
        { kind: 'skill', path: join(FIXTURE, 'skills/pptx/SKILL.md'), id: 'pptx', message: 'frontmatter YAML repaired (1 values quoted)' },
        { kind: 'skill', path: join(FIXTURE, 'skills/xlsx/SKILL.md'), id: 'xlsx', message: 'description longer than 1024 characters' },
      ],
    })
    await sdk.close()
  })

  it('serves the standard roots with no config at all (stdio, zero config)', async () => {
    const home = await makeTempDir()
    try {
      await writeTree(home, { 'project/.agents/skills/lint/SKILL.md': '---\nname: lint\ndescription: Lint the code.\n---\n# Lint\n' })
      await writeTree(home, { '.claude/skills/pdf/SKILL.md': readFileSync(join(FIXTURE, 'skills/pdf/SKILL.md'), 'utf8') })
      const client = await connectStdioClient([], { cwd: join(home, 'project'), env: { HOME: home } })
      try {
        const { resources } = await client.listResources()
        expect(resources.map((r) => [r.uri, r.title ?? r.name])).toEqual([
          ['iii://skills', 'Skills index'], ['iii://lint', 'lint'], ['iii://pdf', 'PDF toolkit'], ['skill://lint/SKILL.md', 'lint'], ['skill://pdf/SKILL.md', 'pdf'],
        ])
      } finally {
        await client.close()
      }
    } finally {
      await removeTempDir(home)
    }
  })

  it('sends the skips and warnings as notifications/message to a client that lets warnings through (E6.7)', async () => {
    const { mcpUrl, sdk } = await spawnEmbeddedSkills(['--config', CONFIG])
    mcp = await connectMcpClient(mcpUrl)
    const messages: Array<{ level: string; logger?: string; data: unknown }> = []
    mcp.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => { messages.push(n.params as never) })
    await mcp.client.setLoggingLevel('error')
    await mcp.client.setLoggingLevel('warning')
    await pollUntil(async () => { if (messages.length < 5) throw new Error(`${messages.length} messages`) }, { timeoutMs: 5000, what: '5 log messages' })
    expect(messages.map((m) => [m.level, m.logger, Object.keys(m.data as object)[0]])).toEqual([
      ['warning', 'iii-skills', 'skipped'], ['warning', 'iii-skills', 'warning'], ['warning', 'iii-skills', 'warning'], ['warning', 'iii-skills', 'warning'],
      ['warning', 'iii-skills', 'warning'],
    ])
    expect((messages[0]!.data as { skipped: unknown }).skipped).toEqual({
      kind: 'skill', path: join(FIXTURE, 'skills/no-description/SKILL.md'), reason: 'frontmatter missing non-empty `description`',
    })
    await sdk.close()
  })

  it('sends a warning that a later file edit brings, once (E6.7)', async () => {
    const dir = await makeTempDir()
    try {
      await writeTree(dir, { 'config.yaml': 'skills:\n  - skills/**/SKILL.md\n', 'skills/pdf/SKILL.md': '---\nname: pdf\ndescription: PDFs.\n---\n# PDF\n' })
      const { mcpUrl, sdk } = await spawnEmbeddedSkills(['--config', join(dir, 'config.yaml')])
      mcp = await connectMcpClient(mcpUrl)
      const messages: Array<{ data: unknown }> = []
      mcp.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => { messages.push(n.params as never) })
      await mcp.client.setLoggingLevel('warning')
      await mcp.client.listResources()
      await writeTree(dir, { 'skills/pdf/SKILL.md': '---\nname: pdf-tools\ndescription: PDFs.\n---\n# PDF\n' })
      await pollUntil(async () => { if (messages.length < 1) throw new Error('no message yet') }, { timeoutMs: 5000, what: 'the new warning' })
      await pollUntil(async () => { if (messages.length < 2) throw new Error('one message yet') }, { timeoutMs: 5000, what: 'both new warnings' })
      expect(messages.map((m) => m.data)).toEqual([
        { warning: { kind: 'skill', path: join(dir, 'skills/pdf/SKILL.md'), id: 'pdf', message: 'frontmatter name "pdf-tools" does not match folder "pdf"' } },
        { warning: { kind: 'skill', path: join(dir, 'skills/pdf/SKILL.md'), id: 'pdf', message: 'not published as an MCP skill: frontmatter name "pdf-tools" differs from "pdf"' } },
      ])
      await sdk.close()
    } finally {
      await removeTempDir(dir)
    }
  })

  it('iii-skills check exits 1 on this folder (one skill has no description)', async () => {
    const run = await runSkills(['check', '--config', CONFIG])
    expect([run.code, run.stdout.trim().split('\n').at(-1)]).toEqual([1, '5 skills and 0 prompts served, 1 skipped, 4 warnings'])
  })
})
