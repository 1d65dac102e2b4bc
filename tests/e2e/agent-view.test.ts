/**
 * E12.6 and E12.7 with real clients, on the full profile of the real process, in both revisions: the
 * SDK v1 client (2025-11-25, a session) and the SDK v2 client pinned to 2026-07-28. What an agent sees
 * first — the instructions, tool titles and annotations, completions of skill ids, the `skill` prompt,
 * `resources/list` in pages — and the texts it reads: errors without transport prefixes, hints that
 * name tools as the client sees them, and an unknown resource as an error.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MAX_INSTRUCTIONS } from '../../src/mcp/instructions.js'
import { RESOURCES_PAGE } from '../../src/mcp/resource-pages.js'
import { connectPinnedHttp, type PinnedClient } from '../support/mcp-v2-client.js'
import { DEMO_CONFIG, E2E_TIMEOUT_MS, spawnEmbeddedSkills, stopAllChildren, type EmbeddedSkills } from '../support/processes.js'
import { TOOL_FACES } from '../../src/functions/registry.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

/** What both SDK clients have in common, as these checks use it. */
interface AgentClient {
  getInstructions(): string | undefined
  listTools(): Promise<{ tools: Array<{ name: string; title?: string; annotations?: unknown }> }>
  complete(params: { ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string }; argument: { name: string; value: string } }): Promise<{ completion: { values: string[]; total?: number; hasMore?: boolean } }>
  getPrompt(params: { name: string; arguments?: Record<string, string> }): Promise<{ messages: unknown[] }>
  listPrompts(): Promise<{ prompts: Array<{ name: string }> }>
  listResources(params?: { cursor?: string }): Promise<{ resources: Array<{ uri: string }>; nextCursor?: string }>
  readResource(params: { uri: string }): Promise<{ contents: unknown[] }>
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<{ content?: unknown; isError?: boolean }>
}

const BULK = 600
let skills: EmbeddedSkills
let legacy: Client
let modern: PinnedClient

beforeAll(async () => {
  skills = await spawnEmbeddedSkills(['--config', DEMO_CONFIG])
  legacy = new Client({ name: 'e12-legacy', version: '1.0.0' })
  await legacy.connect(new StreamableHTTPClientTransport(new URL(skills.mcpUrl)))
  modern = await connectPinnedHttp(skills.mcpUrl)
})

afterAll(async () => {
  await legacy?.close()
  await modern?.close()
  await skills?.sdk.close()
  await stopAllChildren()
})

const clients: Array<[string, () => AgentClient]> = [
  ['2025-11-25', () => legacy as unknown as AgentClient],
  ['2026-07-28', () => modern.client as unknown as AgentClient],
]

describe.each(clients)('what an agent sees first, on %s (E12.6)', (_revision, client) => {
  it('instructions say what the server holds, with the skill count, and how to find and read it', () => {
    const instructions = client().getInstructions()
    expect(instructions).toMatch(/^iii-skills serves 4 skills: markdown instructions for agents, each at iii:\/\/\{id\}\.\n/)
    expect(instructions).toContain('read iii://skills')
    expect(instructions).toContain('skill__search')
    expect(instructions).toContain('skill__read_skill_file')
    expect(instructions!.length).toBeLessThanOrEqual(MAX_INSTRUCTIONS)
  })

  it('tools carry titles and the hints that hold', async () => {
    const tools = (await client().listTools()).tools
    const faces = Object.fromEntries(tools.filter((t) => t.name.startsWith('skill__')).map((t) => [t.name, [t.title, t.annotations]]))
    // E22.1: each public function's face as its definition gives it, none listed here by hand.
    expect(faces).toEqual(Object.fromEntries([...TOOL_FACES.values()].map((face) => [face.name, [face.title, face.annotations]])))
    expect(Object.keys(faces).length).toBeGreaterThan(0)
  })

  it.each([
    [{ type: 'ref/prompt' as const, name: 'skill' }, 'name', 'co', ['code-review', 'commit-message']],
    [{ type: 'ref/resource' as const, uri: 'iii://{skill_id}' }, 'skill_id', 'iii-', ['iii-skills', 'iii-skills/publishing']],
    [{ type: 'ref/prompt' as const, name: 'write-skill' }, 'topic', '', []],
  ])('completes %o argument %s from %j', async (ref, name, value, values) => {
    expect((await client().complete({ ref, argument: { name, value } })).completion).toEqual({ values, total: values.length, hasMore: false })
  })

  it('offers a skill prompt whose message embeds the skill', async () => {
    expect((await client().listPrompts()).prompts.map((p) => p.name)).toEqual(['write-skill', 'skill'])
    const { contents } = await client().readResource({ uri: 'iii://commit-message' })
    expect(await client().getPrompt({ name: 'skill', arguments: { name: 'commit-message' } })).toMatchObject({
      messages: [
        { role: 'user', content: { type: 'text', text: 'Use the skill commit-message for what follows.' } },
        { role: 'user', content: { type: 'resource', resource: contents[0] } },
      ],
    })
  })
})

describe.each(clients)('texts an agent reads, on %s (E12.7)', (_revision, client) => {
  it('a failed tool call reads as the error itself, without a transport prefix', async () => {
    const { content, isError } = await client().callTool({ name: 'skill__read_skill_file', arguments: { name: 'no-such-skill', path: 'SKILL.md' } })
    expect({ content, isError }).toEqual({ content: [{ type: 'text', text: 'Skill not found: no-such-skill' }], isError: true })
  })

  it('the cut-off hint names skill__read_skill_file, the tool the client sees', async () => {
    const result = await client().callTool({ name: 'skill__fetch', arguments: { uri: 'iii://commit-message', max_tokens: 40 } })
    const text = (result.content as Array<{ text: string }>)[0]!.text
    expect(text).toMatch(/\[… \d+ more tokens: fetch iii:\/\/commit-message\S* or use skill__read_skill_file with cursor \S+\]$/)
    expect(text).not.toContain('skill::read_skill_file')
  })

  it('an unknown resource is an error, not empty contents', async () => {
    await expect(client().readResource({ uri: 'iii://no-such-skill' })).rejects.toMatchObject({ code: -32602, data: { uri: 'iii://no-such-skill' } })
  })
})

describe('resources/list in pages (E12.6)', () => {
  beforeAll(async () => {
    for (let i = 0; i < BULK; i += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, j) => skills.sdk.call('skills::register', { id: `bulk-${String(i + j).padStart(4, '0')}`, skill: `# Bulk ${i + j}\n` })))
    }
  })

  // the index, 604 skills, and the 604 SKILL.md entries of the Skills Extension
  const total = 1 + (4 + BULK) * 2
  const expectedPages = [RESOURCES_PAGE, RESOURCES_PAGE, total - 2 * RESOURCES_PAGE]

  function expectEverySkillOnce(uris: string[]): void {
    expect(new Set(uris).size).toBe(total)
    expect(uris).toContain('iii://bulk-0599')
    expect(uris).toContain('skill://bulk-0000/SKILL.md')
  }

  it('never sends more than 500 entries at once on 2025-11-25, and the pages hold every skill once', async () => {
    const pages: number[] = []
    const uris: string[] = []
    let cursor: string | undefined
    do {
      const page = await legacy.listResources(cursor === undefined ? undefined : { cursor })
      pages.push(page.resources.length)
      uris.push(...page.resources.map((r) => r.uri))
      cursor = page.nextCursor
    } while (cursor !== undefined)
    expect(pages).toEqual(expectedPages)
    expectEverySkillOnce(uris)
  })

  it('never sends more than 500 entries at once on 2026-07-28 (the v2 client walks the pages itself)', async () => {
    const pages: number[] = []
    const spy: typeof fetch = async (input, init) => {
      const response = await fetch(input, init)
      const sent = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }) : {}
      if (sent.method === 'resources/list') pages.push(((await response.clone().json()) as { result: { resources: unknown[] } }).result.resources.length)
      return response
    }
    const spied = await connectPinnedHttp(skills.mcpUrl, spy)
    try {
      const { resources, nextCursor } = await spied.client.listResources()
      expect([pages, nextCursor]).toEqual([expectedPages, undefined])
      expectEverySkillOnce(resources.map((r) => r.uri))
    } finally {
      await spied.close()
    }
  })

  it('answers a cursor it never handed out with -32602', async () => {
    await expect(legacy.listResources({ cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: -32602, message: 'MCP error -32602: Invalid cursor' })
  })
})
