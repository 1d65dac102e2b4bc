import { GetPromptResultSchema, ListPromptsResultSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SkillsError } from '../../src/core/errors.js'
import { getMcpPrompt, listMcpPrompts } from '../../src/functions/prompt-dispatch.js'
import { registerPrompt, type RegisterPromptInput } from '../../src/functions/prompts.js'
import { LEVEL, makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { fakeDeps, type FakeWorld } from './fake-deps.js'

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

const user = (text: string) => ({ content: { text, type: 'text' }, role: 'user' })

async function withPrompt(world: FakeWorld, overrides: Partial<RegisterPromptInput> = {}): Promise<void> {
  await registerPrompt({ name: 'greet', description: 'bdd prompt', arguments: [], function_id: 'bdd::greet', ...overrides }, world.deps)
}

describe('prompts::mcp-list', () => {
  it('merges state and unshadowed fs prompts sorted by name; argument description only when present', async () => {
    await writeTree(root, {
      'fs/open-pr.md': '---\ndescription: "  Open a GitHub pull request.  "\n---\nbody\n',
      'fs/greet.md': '---\ndescription: shadowed\n---\nbody\n',
      'fs/no-fm.md': 'no frontmatter',
    })
    const world = fakeDeps({ baseDir: root, config: { prompts: ['fs/*.md'] } })
    await withPrompt(world, { arguments: [{ name: 'to', description: 'Recipient', required: true }, { name: 'cc', description: null, required: false }] })
    await withPrompt(world, { name: 'zeta', arguments: [] })
    const result = await listMcpPrompts({}, world.deps)
    expect(result).toEqual({
      prompts: [
        { arguments: [{ description: 'Recipient', name: 'to', required: true }, { name: 'cc', required: false }], description: 'bdd prompt', name: 'greet' },
        { arguments: [], description: 'Open a GitHub pull request.', name: 'open-pr' },
        { arguments: [], description: 'bdd prompt', name: 'zeta' },
      ],
    })
    expect(JSON.stringify(result.prompts[0])).toBe(
      '{"arguments":[{"description":"Recipient","name":"to","required":true},{"name":"cc","required":false}],"description":"bdd prompt","name":"greet"}',
    )
    expect(ListPromptsResultSchema.safeParse(result).success).toBe(true)
  })

  it('swallows a state::list failure and still lists fs prompts', async () => {
    await writeTree(root, { 'fs/p.md': '---\ndescription: d\n---\nbody' })
    const world = fakeDeps({ baseDir: root, config: { prompts: ['fs/*.md'] } })
    world.state.failures.set('list', new Error('state down'))
    expect(await listMcpPrompts({}, world.deps)).toEqual({ prompts: [{ arguments: [], description: 'd', name: 'p' }] })
  })

  it('drops a stored row that does not decode (no null fields reach the client)', async () => {
    const world = fakeDeps()
    world.state.rows('prompts').set('bad', { name: 'bad', description: null, arguments: [], function_id: 'x', registered_at: 't' })
    expect(await listMcpPrompts({}, world.deps)).toEqual({ prompts: [] })
  })
})

describe('prompts::mcp-get', () => {
  describe('state prompts', () => {
    it.each<[string, unknown, unknown[]]>([
      ['a string as one user message', 'str body', [user('str body')]],
      ['{content} as one user message', { content: 'obj body' }, [user('obj body')]],
      ['{messages} before {content}', { messages: [], content: 'x' }, []],
    ])('normalises %s', async (_case, output, messages) => {
      const world = fakeDeps()
      await withPrompt(world)
      world.functions.set('bdd::greet', () => output)
      const result = await getMcpPrompt({ name: 'greet', arguments: {} }, world.deps)
      expect(result).toEqual({ description: 'bdd prompt', messages })
      expect(GetPromptResultSchema.safeParse(result).success).toBe(true)
    })

    it('passes a valid {messages} array through untouched (same array)', async () => {
      const world = fakeDeps()
      await withPrompt(world)
      const messages = [
        { role: 'user', content: { type: 'text', text: 'm1', annotations: { priority: 0.5 } } },
        { role: 'assistant', content: { type: 'text', text: 'm2' }, extra: null },
      ]
      world.functions.set('bdd::greet', () => ({ messages }))
      const result = await getMcpPrompt({ name: 'greet' }, world.deps)
      expect(result.messages).toBe(messages)
      expect(GetPromptResultSchema.safeParse(result).success).toBe(true)
    })

    it.each<[string, unknown[], string]>([
      ['a system role', [{ role: 'system', content: { type: 'text', text: 'x' } }], 'messages[0].role must be "user" or "assistant"'],
      ['content as a string', [user('ok'), { role: 'user', content: 'x' }],
        'messages[1].content must be one content block object (not an array or a string)'],
      ['annotations: null', [{ role: 'user', content: { type: 'text', text: 'x', annotations: null } }],
        'messages[0].content.annotations must be an object or left out (not null)'],
    ])('fails a {messages} array holding %s instead of passing it on', async (_case, messages, reason) => {
      const world = fakeDeps()
      await withPrompt(world)
      world.functions.set('bdd::greet', () => ({ messages }))
      await expect(getMcpPrompt({ name: 'greet' }, world.deps)).rejects.toThrowError(
        new SkillsError(`prompt handler returned an invalid prompt message: ${reason}`),
      )
    })

    it('fails an unsupported shape', async () => {
      const world = fakeDeps()
      await withPrompt(world)
      world.functions.set('bdd::greet', () => ({ unexpected: 42 }))
      await expect(getMcpPrompt({ name: 'greet' }, world.deps)).rejects.toThrowError(
        new SkillsError('prompt handler returned unsupported shape; expected string, { content }, or { messages: [...] }'),
      )
    })

    it.each<[string, unknown, unknown]>([
      ['given arguments as they are', { to: 'a', n: 1 }, { to: 'a', n: 1 }],
      ['{} for absent arguments', undefined, {}],
      ['{} for null arguments', null, {}],
      ['a non-object as it is', 'raw', 'raw'],
    ])('invokes the handler with %s', async (_case, args, payload) => {
      const world = fakeDeps()
      await withPrompt(world)
      world.functions.set('bdd::greet', () => 'ok')
      await getMcpPrompt({ name: 'greet', arguments: args }, world.deps)
      expect(world.invocations).toEqual([{ functionId: 'bdd::greet', payload }])
    })

    it('refuses a hard-floored handler without invoking it', async () => {
      const world = fakeDeps()
      await withPrompt(world, { function_id: 'state::set' })
      await expect(getMcpPrompt({ name: 'greet' }, world.deps)).rejects.toThrowError(
        new SkillsError("Prompt handler 'state::set' is in an internal namespace and cannot back a prompt"),
      )
      expect(world.invocations).toEqual([])
    })

    it('wraps a handler failure as "trigger {function_id}: {err}"', async () => {
      const world = fakeDeps()
      await withPrompt(world)
      await expect(getMcpPrompt({ name: 'greet' }, world.deps)).rejects.toThrowError(
        new SkillsError('trigger bdd::greet: function_not_found: Function bdd::greet not found'),
      )
    })

    it('wins over an fs prompt of the same name', async () => {
      await writeTree(root, { 'fs/greet.md': '---\ndescription: file\n---\nfile body' })
      const world = fakeDeps({ baseDir: root, config: { prompts: ['fs/*.md'] } })
      await withPrompt(world)
      world.functions.set('bdd::greet', () => 'from handler')
      expect(await getMcpPrompt({ name: 'greet' }, world.deps)).toEqual({ description: 'bdd prompt', messages: [user('from handler')] })
    })
  })

  describe('fs prompts', () => {
    it('serves the body (frontmatter stripped, untrimmed, no templating) as one user message', async () => {
      await writeTree(root, { 'fs/static.md': '---\ndescription: Static.\n---\nHello {name}\n' })
      const world = fakeDeps({ baseDir: root, config: { prompts: ['fs/*.md'] } })
      const result = await getMcpPrompt({ name: 'static', arguments: { name: 'x' } }, world.deps)
      expect(result).toEqual({ description: 'Static.', messages: [user('Hello {name}\n')] })
      expect(JSON.stringify(result)).toBe('{"description":"Static.","messages":[{"content":{"text":"Hello {name}\\n","type":"text"},"role":"user"}]}')
      expect(world.log.lines().filter((l) => l.level === LEVEL.debug)).toEqual([
        { level: LEVEL.debug, msg: 'fs prompt ignoring caller-supplied arguments (no templating)', prompt: 'static' },
      ])
    })

    it.each([['absent', undefined], ['null', null], ['empty', {}]])('does not log ignored arguments when they are %s', async (_case, args) => {
      await writeTree(root, { 'fs/static.md': '---\ndescription: Static.\n---\nbody' })
      const world = fakeDeps({ baseDir: root, config: { prompts: ['fs/*.md'] } })
      await getMcpPrompt({ name: 'static', arguments: args }, world.deps)
      expect(world.log.lines().filter((l) => l.level === LEVEL.debug)).toEqual([])
    })
  })

  it.each<[string, string]>([
    ['', 'name must be non-empty'],
    ['Bad', `name may only contain lowercase ASCII letters, digits, '-' and '_': "Bad"`],
    ['unknown', 'Prompt not found: unknown'],
  ])('fails %j', async (name, message) => {
    await expect(getMcpPrompt({ name }, fakeDeps().deps)).rejects.toThrowError(new SkillsError(message))
  })

  it('wraps a state::get failure and reports an undecodable row', async () => {
    const world = fakeDeps()
    world.state.failures.set('get', new Error('timeout'))
    await expect(getMcpPrompt({ name: 'a' }, world.deps)).rejects.toThrowError(new SkillsError('state::get: timeout'))
    world.state.failures.clear()
    world.state.rows('prompts').set('a', { name: 'a' })
    await expect(getMcpPrompt({ name: 'a' }, world.deps)).rejects.toThrow(/^decode stored prompt a: missing field `/)
  })
})
