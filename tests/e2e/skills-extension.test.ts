/**
 * E6 (SEP-2640) from a client written from the SEP: raw `skills/list`, `skills/get`,
 * `resources/read` and `resources/directory/read` requests through the official MCP SDK client,
 * over HTTP and stdio, against a real process serving a folder with a binary file; every file of
 * every skill verified against its listed digest, before and after an edit.
 */
import { createHash } from 'node:crypto'
import { cp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { connectMcpClient } from '../support/mcp-client.js'
import { connectStdioClient } from '../support/stdio-client.js'
import { LIST_CHANGED, recordNotifications, RESOURCE_UPDATED } from '../support/mcp-notifications.js'
import { E2E_TIMEOUT_MS, REPO_ROOT, spawnEmbeddedSkills, stopAllChildren } from '../support/processes.js'
import { makeTempDir, removeTempDir } from '../support/temp-tree.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const Any = z.object({}).passthrough()
interface Entry { uri: string; frontmatter: Record<string, unknown>; resources: Array<{ uri: string; digest: string }> }

let dir: string | undefined
afterEach(async () => {
  await stopAllChildren()
  if (dir !== undefined) await removeTempDir(dir)
  dir = undefined
})

async function fixture(): Promise<string> {
  dir = await makeTempDir()
  await cp(join(REPO_ROOT, 'tests/fixtures/real-world'), dir, { recursive: true })
  return join(dir, 'config.yaml')
}

async function verifyAll(client: Client): Promise<Entry[]> {
  const { skills } = (await client.request({ method: 'skills/list', params: {} } as never, Any)) as unknown as { skills: Entry[] }
  for (const skill of skills) {
    expect(skill.resources.map((r) => r.uri)).toContain(skill.uri)
    for (const { uri, digest } of skill.resources) {
      const { contents } = await client.readResource({ uri })
      const item = contents[0] as { text?: string; blob?: string }
      const bytes = item.text !== undefined ? Buffer.from(item.text, 'utf8') : Buffer.from(item.blob!, 'base64')
      expect(`sha256:${createHash('sha256').update(bytes).digest('hex')}`).toBe(digest)
    }
    expect(await client.request({ method: 'skills/get', params: { uri: skill.uri } } as never, Any)).toEqual({ skill })
  }
  return skills
}

async function checkSkills(client: Client, config: string): Promise<void> {
  expect(client.getServerCapabilities()?.extensions).toEqual({ 'io.modelcontextprotocol/skills': { directoryRead: true } })
  const skills = await verifyAll(client)
  // brand-guidelines names itself otherwise: left out of the extension (the SEP needs name = folder).
  expect(skills.map((s) => s.uri)).toEqual([
    'skill://pdf/SKILL.md', 'skill://pptx/SKILL.md', 'skill://webapp-testing/SKILL.md', 'skill://xlsx/SKILL.md',
  ])
  const pdf = skills[0]!
  expect(pdf.frontmatter).toMatchObject({ name: 'pdf', license: 'Proprietary. LICENSE.txt has complete terms', metadata: { title: 'PDF toolkit', version: '2.1.0' } })
  expect(pdf.resources.map((r) => r.uri)).toEqual(['skill://pdf/SKILL.md', 'skill://pdf/assets/logo.png'])
  const logo = (await client.readResource({ uri: 'skill://pdf/assets/logo.png' })).contents[0] as { blob?: string; mimeType?: string }
  expect([logo.mimeType, typeof logo.blob]).toEqual(['image/png', 'string'])
  expect(await client.request({ method: 'resources/directory/read', params: { uri: 'skill://pdf' } } as never, Any)).toEqual({
    resources: [
      { uri: 'skill://pdf/SKILL.md', name: 'SKILL.md', mimeType: 'text/markdown' },
      { uri: 'skill://pdf/assets', name: 'assets', mimeType: 'inode/directory' },
    ],
  })
  for (const [method, params] of [
    ['skills/get', { uri: 'skill://nope/SKILL.md' }], ['skills/get', { uri: 'skill://pdf/assets/logo.png' }],
    ['resources/directory/read', { uri: 'skill://pdf/SKILL.md' }], ['resources/directory/read', { uri: 'skill://nope' }],
    ['resources/read', { uri: 'skill://pdf/../xlsx/SKILL.md' }], ['skills/list', { cursor: 'garbage' }],
  ] as const) {
    await expect(client.request({ method, params } as never, Any), `${method} ${JSON.stringify(params)}`).rejects.toMatchObject({ code: -32602 })
  }
  // An edit: the next listing has the new digest, and the file read verifies against it.
  await writeFile(join(dirnameOf(config), 'skills/pdf/assets/logo.png'), Buffer.from([1, 2, 3, 0xff]))
  const after = await verifyAll(client)
  expect(after[0]!.resources[1]!.digest).not.toBe(pdf.resources[1]!.digest)
  const listed = await client.listResources()
  expect(listed.resources.filter((r) => r.uri.startsWith('skill://')).map((r) => [r.uri, r.name])).toEqual(
    after.map((s) => [s.uri, s.frontmatter.name]),
  )
}

const dirnameOf = (path: string) => path.slice(0, path.lastIndexOf('/'))

describe('the MCP Skills Extension (SEP-2640)', () => {
  it('over HTTP: every file of every skill verifies against skills/list, before and after an edit', async () => {
    const config = await fixture()
    const { mcpUrl, sdk } = await spawnEmbeddedSkills(['--config', config])
    const mcp = await connectMcpClient(mcpUrl)
    try {
      await checkSkills(mcp.client, config)
    } finally {
      await mcp.close()
      await sdk.close()
    }
  })

  it('notifies subscribers of a changed skill:// file, and every session when the skill set changes (E6.6)', async () => {
    const config = await fixture()
    const { mcpUrl, sdk } = await spawnEmbeddedSkills(['--config', config])
    const mcp = await connectMcpClient(mcpUrl)
    try {
      const log = recordNotifications(mcp.client)
      await mcp.client.subscribeResource({ uri: 'skill://pdf/assets/logo.png' })
      await mcp.client.subscribeResource({ uri: 'skill://pdf/SKILL.md' })
      await writeFile(join(dirnameOf(config), 'skills/pdf/assets/logo.png'), Buffer.from([9, 9, 9]))
      await log.waitFor(RESOURCE_UPDATED, { uri: 'skill://pdf/assets/logo.png', timeoutMs: 5000 })
      await writeFile(join(dirnameOf(config), 'skills/pdf/SKILL.md'), (await readFile(join(dirnameOf(config), 'skills/pdf/SKILL.md'), 'utf8')) + '\nMore.\n')
      await log.waitFor(RESOURCE_UPDATED, { uri: 'skill://pdf/SKILL.md', timeoutMs: 5000 })
      await cp(join(dirnameOf(config), 'skills/pptx'), join(dirnameOf(config), 'skills/docx'), { recursive: true })
      await writeFile(join(dirnameOf(config), 'skills/docx/SKILL.md'), '---\nname: docx\ndescription: Word documents.\n---\n# DOCX\n')
      await log.waitFor(LIST_CHANGED.resources, { timeoutMs: 5000 })
      const { skills } = (await mcp.client.request({ method: 'skills/list', params: {} } as never, Any)) as unknown as { skills: Entry[] }
      expect(skills.map((e) => e.uri)).toContain('skill://docx/SKILL.md')
    } finally {
      await mcp.close()
      await sdk.close()
    }
  })

  it('over stdio, the same', async () => {
    const config = await fixture()
    const client = await connectStdioClient(['--config', config])
    try {
      await checkSkills(client, config)
    } finally {
      await client.close()
    }
  })
})
