/**
 * Embedded mode end to end: `iii-skills --embedded` as a real child process, driven by the official
 * MCP SDK client over Streamable HTTP, plus a second worker process (publisher-worker.ts) that
 * publishes a skill tree, a section function and a prompt through the engine and watches the
 * on-change events, and a third client (an SDK worker in this process) that reads and fetches.
 * Every MCP call must pass the SDK's result schemas: `errors` stays empty.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { LOG } from '../../src/core/messages.js'
import { TOOL_FACES } from '../../src/functions/registry.js'
import { connectMcpClient, type ConnectedMcpClient } from '../support/mcp-client.js'
import {
  greeting,
  NESTED_SKILL,
  OBSERVERS,
  PARENT_SKILL,
  parsePublisherLine,
  PROMPT,
  STATUS_MARKDOWN,
  STATUS_URI,
  type PublisherLine,
} from '../support/publisher-content.js'
import { DEMO_SKILL_NAMES } from '../support/demo-catalogue.js'
import {
  DEMO_CONFIG,
  E2E_TIMEOUT_MS,
  REPO_ROOT,
  spawnEmbeddedSkills,
  spawnTsx,
  stopAllChildren,
  type ChildHandle,
} from '../support/processes.js'
import type { SdkClient } from '../support/sdk-client.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const DEMO_DIR = join(REPO_ROOT, 'tests/fixtures/demo')
const ROOT_BODY = readFileSync(join(DEMO_DIR, 'skills/iii-skills.md'), 'utf8')
const NESTED_BODY = readFileSync(join(DEMO_DIR, 'skills/iii-skills/publishing.md'), 'utf8')

const INDEX_HEADER =
  "# Skills\n\nRead each skill's resource for orientation on when and why to call its functions. Sub-skills are " +
  'indented under their parent path so a top-level skill stays small and the LLM can drill in only when it needs ' +
  'more detail.\n\n'
const CUSTOM_SECTION =
  '## Custom skills\n\nLoaded from `skills:` glob patterns in the worker config. The file system is the source of ' +
  'truth for these entries.\n\n' +
  '- [`code-review`](iii://code-review) — code-review — Review a diff before it is merged - correctness first, then ' +
  'tests, then naming and size. Use when asked to review a pull request or a patch.\n' +
  '- [`commit-message`](iii://commit-message) — commit-message — Write a git commit message for staged changes - a ' +
  'short imperative subject, a blank line, and a body that says why. Use before every commit.\n' +
  '- [`iii-skills`](iii://iii-skills) — The skills registry — This worker serves orientation docs ("skills") and ' +
  'slash-command prompts to AI agents over iii:// URIs. Read it to learn how to publish and ...\n' +
  '  - [`iii-skills/publishing`](iii://iii-skills/publishing) — Publishing skills — Another worker publishes a ' +
  'skill with one call: `iii.trigger({ function_id: "skills::register", payload: { id, skill } })`.\n'
const DEMO_INDEX = INDEX_HEADER + CUSTOM_SECTION

const INDEX_RESOURCE = {
  uri: 'iii://skills',
  name: 'skills',
  description: 'Index of every registered skill',
  mimeType: 'text/markdown',
}
const ROOT_RESOURCE = { uri: 'iii://iii-skills', name: 'The skills registry', mimeType: 'text/markdown' }
// The demo's Agent Skills folders (agent-skills/*/SKILL.md), listed before iii-skills by id.
const AGENT_SKILL_RESOURCES = [
  { uri: 'iii://code-review', name: 'code-review', mimeType: 'text/markdown' },
  { uri: 'iii://commit-message', name: 'commit-message', mimeType: 'text/markdown' },
]
const WRITE_SKILL_PROMPT = {
  name: 'write-skill',
  description: 'Draft a new skill for a worker, ready to pass to skills::register.',
  arguments: [],
}
const WRITE_SKILL_TEXT =
  'Write a skill (a short markdown orientation doc) for the worker I describe next.\n\n' +
  'Start with a `# Title` line, then one paragraph saying when an agent should use the worker and why.\n' +
  'Follow with a short list of its functions and what each returns. Keep it under 60 lines; link to\n' +
  'sub-skills with iii://{worker}/{topic} URIs for anything longer.\n'

let skills: ChildHandle
let mcpUrl: string
let engineUrl: string
let sdk: SdkClient
let mcp: ConnectedMcpClient

beforeAll(async () => {
  ;({ skills, engineUrl, mcpUrl, sdk } = await spawnEmbeddedSkills(['--mcp-profile', 'bridge', '--config', DEMO_CONFIG]))
})

afterAll(async () => {
  await sdk?.close()
  await stopAllChildren()
})

beforeEach(async () => {
  mcp = await connectMcpClient(mcpUrl)
})

afterEach(async () => {
  await mcp.close()
  expect(mcp.errors).toEqual([])
})

describe('an MCP client on the embedded endpoint, demo folder only', () => {
  it('announces the worker on a random engine port and a random MCP port', () => {
    expect([engineUrl, mcpUrl]).toEqual([
      expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+$/),
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/),
    ])
    expect([engineUrl, mcpUrl]).not.toContain('ws://127.0.0.1:49134')
  })

  it('lists the index first and only the top-level demo skills (the bridge trims nested ones)', async () => {
    expect(await mcp.client.listResources()).toEqual({ resources: [INDEX_RESOURCE, ...AGENT_SKILL_RESOURCES, ROOT_RESOURCE] })
  })

  it('reads the index with the exact text for the demo folder', async () => {
    expect(await mcp.client.readResource({ uri: 'iii://skills' })).toEqual({
      contents: [{ uri: 'iii://skills', mimeType: 'text/markdown', text: DEMO_INDEX }],
    })
  })

  it.each([
    ['a top-level skill', 'iii://iii-skills', ROOT_BODY],
    ['a nested skill', 'iii://iii-skills/publishing', NESTED_BODY],
  ])('reads %s verbatim from its file', async (_, uri, text) => {
    expect(await mcp.client.readResource({ uri })).toEqual({ contents: [{ uri, mimeType: 'text/markdown', text }] })
  })

  it('lists the demo skills, Agent Skills folders included, through skill::list_skills', async () => {
    expect(await sdk.call('skill::list_skills', { detail: 'summary', namespace: 'commit-message' })).toEqual({
      skills: [{
        name: 'commit-message',
        version: '1.0.0',
        description: 'Write a git commit message for staged changes - a short imperative subject, a blank line, and a body ' +
          'that says why. Use before every commit.',
        namespace: 'commit-message',
        kind: 'instruction',
        tokens: 139,
      }],
      next_cursor: null,
    })
    expect(await sdk.call('skill::list_skills', {})).toEqual({ skills: DEMO_SKILL_NAMES, next_cursor: null })
    expect(await sdk.call('skill::read_skill_file', { name: 'commit-message', path: 'references/examples.md' })).toEqual({
      content: readFileSync(join(DEMO_DIR, 'agent-skills/commit-message/references/examples.md'), 'utf8'),
    })
  })

  it('answers an unknown skill URI with empty contents (the bridge folds "not found" into an empty envelope)', async () => {
    expect(await mcp.client.readResource({ uri: 'iii://no-such-skill' })).toEqual({ contents: [] })
  })

  it('lists exactly the two resource templates', async () => {
    expect(await mcp.client.listResourceTemplates()).toEqual({
      resourceTemplates: [
        {
          uriTemplate: 'iii://{skill_id}',
          name: 'Skill',
          description: "Markdown body of a registered skill (1+ segments separated by '/')",
          mimeType: 'text/markdown',
        },
        {
          uriTemplate: 'iii://fn/{function_path}',
          name: 'Skill section',
          description:
            "Trigger the function at `function_path` (each '/' becomes '::') with empty input and serve its output. " +
            'e.g. `iii://fn/scope/echo` triggers `scope::echo`.',
          mimeType: 'text/markdown',
        },
      ],
    })
  })

  it('lists the fs prompt', async () => {
    expect(await mcp.client.listPrompts()).toEqual({ prompts: [WRITE_SKILL_PROMPT] })
  })

  it('renders the fs prompt as one user message with the file body', async () => {
    expect(await mcp.client.getPrompt({ name: 'write-skill' })).toEqual({
      description: WRITE_SKILL_PROMPT.description,
      messages: [{ role: 'user', content: { type: 'text', text: WRITE_SKILL_TEXT } }],
    })
  })

  it('offers skill__fetch, skill__search and the Skills Protocol discovery tools, with object input schemas', async () => {
    const { tools } = await mcp.client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual([...TOOL_FACES.values()].map((tool) => tool.name).sort())
    expect(tools.every((tool) => tool.inputSchema.type === 'object')).toBe(true)
    expect(tools.find((tool) => tool.name === 'skill__fetch')!.inputSchema).toMatchObject({
      type: 'object',
      properties: { uri: { type: ['string', 'null'] }, uris: { type: ['array', 'null'], items: { type: 'string' } } },
    })
    expect(tools.find((tool) => tool.name === 'skill__search')!.inputSchema).toMatchObject({
      type: 'object',
      required: ['query'],
      properties: { query: { type: 'string' }, limit: { type: ['integer', 'null'] }, under: { type: ['string', 'null'] } },
    })
  })

  it('searches the demo skills through skill__search', async () => {
    const result = await mcp.client.callTool({ name: 'skill__search', arguments: { query: 'glob patterns' } })
    const expected = {
      results: [{
        uri: 'iii://iii-skills/publishing',
        id: 'iii-skills/publishing',
        title: 'Publishing skills',
        description: 'Another worker publishes a skill with one call: `iii.trigger({ function_id: "skills::register", payload: { id, skill } })`.',
        score: expect.any(Number),
        snippet: '\u2026can be served without code too: list glob patterns under skills: in the worker config.',
        tokens: 179,
      }],
    }
    expect(result).toEqual({ content: [{ type: 'text', text: expect.any(String) }], structuredContent: expected })
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).toEqual(expected)
  })

  it('outlines a skill with skill__outline and reads one section of it by anchor (E7)', async () => {
    const outline = await mcp.client.callTool({ name: 'skill__outline', arguments: { uri: 'iii://iii-skills' } })
    const sections = (outline.structuredContent as { sections: Array<{ anchor: string; heading: string; level: number; line: number }> }).sections
    expect(sections.map(({ anchor, heading, level, line }) => ({ anchor, heading, level, line }))).toEqual([
      { anchor: 'the-skills-registry', heading: 'The skills registry', level: 1, line: 1 },
      { anchor: 'what-lives-here', heading: 'What lives here', level: 2, line: 5 },
    ])
    const body = readFileSync(join(DEMO_DIR, 'skills/iii-skills.md'), 'utf8')
    expect(await mcp.client.readResource({ uri: 'iii://iii-skills#what-lives-here' })).toEqual({
      contents: [{ uri: 'iii://iii-skills#what-lives-here', mimeType: 'text/markdown', text: body.slice(body.indexOf('## What lives here')).trimEnd() }],
    })
  })

  it('fetches several URIs in one skill__fetch call as sections joined by ---', async () => {
    const result = await mcp.client.callTool({
      name: 'skill__fetch',
      arguments: { uris: ['iii://iii-skills', 'iii://iii-skills/publishing'] },
    })
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text:
            `# iii://iii-skills\n\n${ROOT_BODY.trimEnd()}\n\n---\n\n` +
            `# iii://iii-skills/publishing\n\n${NESTED_BODY.trimEnd()}`,
        },
      ],
    })
  })
})

describe('content published by a separate worker process', () => {
  let publisher: ChildHandle
  const lines = (kind: PublisherLine['kind']) =>
    publisher.stdoutLines.map(parsePublisherLine).filter((line): line is PublisherLine => line?.kind === kind)
  const waitForPublisher = (test: (line: PublisherLine) => boolean) =>
    publisher.waitForStdout((raw) => {
      const line = parsePublisherLine(raw)
      return line !== undefined && test(line)
    })

  beforeAll(async () => {
    publisher = spawnTsx('tests/support/publisher-worker.ts', [engineUrl])
    await waitForPublisher((line) => line.kind === 'ready')
    for (const [triggerType, functionId] of Object.entries(OBSERVERS)) {
      await skills.waitForLog(
        (log) => log.msg === LOG.subscriptionRegistered && log.trigger_type === triggerType && log.function_id === functionId,
      )
    }
    publisher.send('publish')
    await waitForPublisher((line) => line.kind === 'published' || line.kind === 'error')
  })

  it('publishes without errors', () => {
    expect(lines('error')).toEqual([])
    expect(lines('published')).toEqual([
      {
        kind: 'published',
        results: [
          { id: PARENT_SKILL.id, registered_at: expect.any(String) },
          { id: NESTED_SKILL.id, registered_at: expect.any(String) },
          { name: PROMPT.name, registered_at: expect.any(String) },
        ],
      },
    ])
  })

  it('round-trips register → on-change in the publisher → read and fetch through a third client', async () => {
    for (const { id } of [PARENT_SKILL, NESTED_SKILL]) {
      await waitForPublisher((line) => line.kind === 'event' && (line.payload as { id?: string } | null)?.id === id)
    }
    const skillEvents = lines('event').filter((line) => line.kind === 'event' && line.trigger_type === 'skills::on-change')
    // Fire-and-forget fan-out: the two events may arrive in either order.
    expect(skillEvents).toHaveLength(2)
    expect(skillEvents).toEqual(
      expect.arrayContaining([
        { kind: 'event', trigger_type: 'skills::on-change', payload: { op: 'register', id: PARENT_SKILL.id } },
        { kind: 'event', trigger_type: 'skills::on-change', payload: { op: 'register', id: NESTED_SKILL.id } },
      ]),
    )
    const uri = `iii://${NESTED_SKILL.id}`
    expect(await sdk.call('skills::resources-read', { uri })).toEqual({
      contents: [{ uri, mimeType: 'text/markdown', text: NESTED_SKILL.skill }],
    })
    expect(await sdk.call('skill::fetch', { uris: [uri, STATUS_URI] })).toBe(
      `# ${uri}\n\n${NESTED_SKILL.skill.trimEnd()}\n\n---\n\n# ${STATUS_URI}\n\n${STATUS_MARKDOWN.trimEnd()}`,
    )
  })

  it('delivers prompts::on-change to the publisher too', async () => {
    const event = await waitForPublisher((line) => line.kind === 'event' && line.trigger_type === 'prompts::on-change')
    expect(parsePublisherLine(event)).toEqual({
      kind: 'event',
      trigger_type: 'prompts::on-change',
      payload: { op: 'register', name: PROMPT.name },
    })
  })

  it('lists the published top-level skill before the fs one, without its nested sub-skill', async () => {
    expect(await mcp.client.listResources()).toEqual({
      resources: [INDEX_RESOURCE, { uri: 'iii://demo', name: 'Demo worker', mimeType: 'text/markdown' }, ...AGENT_SKILL_RESOURCES, ROOT_RESOURCE],
    })
  })

  it('reads the index with the state skills above the Custom skills section', async () => {
    const stateBullets =
      '- [`demo`](iii://demo) — Demo worker — Published by a separate worker process.\n' +
      '  - [`demo/guide`](iii://demo/guide) — Demo guide — How the demo worker reports its status.\n'
    expect(await mcp.client.readResource({ uri: 'iii://skills' })).toEqual({
      contents: [{ uri: 'iii://skills', mimeType: 'text/markdown', text: `${INDEX_HEADER}${stateBullets}\n${CUSTOM_SECTION}` }],
    })
  })

  it.each([
    ['the published skill', `iii://${PARENT_SKILL.id}`, PARENT_SKILL.skill],
    ['its nested sub-skill', `iii://${NESTED_SKILL.id}`, NESTED_SKILL.skill],
    ['the section served by the publisher', STATUS_URI, STATUS_MARKDOWN],
  ])('reads %s', async (_, uri, text) => {
    expect(await mcp.client.readResource({ uri })).toEqual({ contents: [{ uri, mimeType: 'text/markdown', text }] })
  })

  it('lists the published prompt with its arguments next to the fs prompt', async () => {
    expect(await mcp.client.listPrompts()).toEqual({
      prompts: [
        { name: PROMPT.name, description: PROMPT.description, arguments: PROMPT.arguments },
        WRITE_SKILL_PROMPT,
      ],
    })
  })

  it('renders the published prompt by calling its handler in the publisher with the arguments', async () => {
    expect(await mcp.client.getPrompt({ name: PROMPT.name, arguments: { who: 'Ada' } })).toEqual({
      description: PROMPT.description,
      messages: [{ role: 'user', content: { type: 'text', text: greeting('Ada') } }],
    })
  })

  it('fetches the published skill and its live section through skill__fetch', async () => {
    const uri = `iii://${PARENT_SKILL.id}`
    expect(await mcp.client.callTool({ name: 'skill__fetch', arguments: { uris: [uri, STATUS_URI] } })).toEqual({
      content: [
        {
          type: 'text',
          text: `# ${uri}\n\n${PARENT_SKILL.skill.trimEnd()}\n\n---\n\n# ${STATUS_URI}\n\n${STATUS_MARKDOWN.trimEnd()}`,
        },
      ],
    })
  })

  it('keeps the skill but loses the section and the subscription once the publisher exits', async () => {
    publisher.send('exit')
    expect(await publisher.exited).toEqual({ code: 0, signal: null })
    await skills.waitForLog((log) => log.msg === LOG.subscriptionUnregistered && log.trigger_type === 'skills::on-change')
    expect(await mcp.client.readResource({ uri: STATUS_URI })).toEqual({ contents: [] })
    const uri = `iii://${PARENT_SKILL.id}`
    expect(await mcp.client.readResource({ uri })).toEqual({
      contents: [{ uri, mimeType: 'text/markdown', text: PARENT_SKILL.skill }],
    })
  })
})

describe('shutdown', () => {
  it('exits 0 on SIGTERM while an MCP client and an SDK worker are still connected', async () => {
    expect((await mcp.client.listResources()).resources[0]).toEqual(INDEX_RESOURCE)
    expect(await skills.stop('SIGTERM')).toEqual({ code: 0, signal: null })
    expect(skills.logs.map((line) => line.msg)).toContain(LOG.shuttingDown)
  })
})
