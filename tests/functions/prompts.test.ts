import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SkillsError } from '../../src/core/errors.js'
import { listPrompts, registerPrompt, unregisterPrompt, type RegisterPromptInput } from '../../src/functions/prompts.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { fakeDeps, NOW_TEXT } from './fake-deps.js'

const OBSERVER = 'observer::prompts'
const input = (overrides: Partial<RegisterPromptInput> = {}): RegisterPromptInput => ({
  name: 'send-email',
  description: 'Send an email',
  arguments: [],
  function_id: 'mail::send',
  ...overrides,
})

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

describe('prompts::register', () => {
  it('stores the row in field order (argument description omitted when absent or null) and answers name + registered_at', async () => {
    const world = fakeDeps({ subscribers: { prompts: [OBSERVER] } })
    const args = [
      { name: 'to', description: 'Recipient', required: true },
      { name: 'cc', description: null, required: false },
      { name: 'bcc', required: false },
    ]
    expect(await registerPrompt(input({ description: '  padded  ', function_id: ' mail::send ', arguments: args }), world.deps))
      .toEqual({ name: 'send-email', registered_at: NOW_TEXT })
    const row = world.state.rows('prompts').get('send-email') as Record<string, unknown>
    expect(row).toEqual({
      name: 'send-email',
      description: '  padded  ',
      arguments: [{ name: 'to', description: 'Recipient', required: true }, { name: 'cc', required: false }, { name: 'bcc', required: false }],
      function_id: ' mail::send ',
      registered_at: NOW_TEXT,
    })
    expect(Object.keys(row)).toEqual(['name', 'description', 'arguments', 'function_id', 'registered_at'])
    expect((row.arguments as object[]).map((a) => Object.keys(a))).toEqual([['name', 'description', 'required'], ['name', 'required'], ['name', 'required']])
    expect(world.fanOut).toEqual([{ function_id: OBSERVER, payload: { op: 'register', name: 'send-email' } }])
    expect(world.log.lines().filter((l) => l.msg === 'prompt registered')).toEqual([{ level: 30, msg: 'prompt registered', prompt: 'send-email' }])
  })

  it('registers a hard-floored function_id (it only fails at mcp-get)', async () => {
    const world = fakeDeps()
    await expect(registerPrompt(input({ function_id: 'state::set' }), world.deps)).resolves.toEqual({ name: 'send-email', registered_at: NOW_TEXT })
  })

  it.each<[string, Partial<RegisterPromptInput>, string]>([
    ['an empty name', { name: '' }, 'name must be non-empty'],
    ['a name with ::', { name: 'mcp::send' }, `name may only contain lowercase ASCII letters, digits, '-' and '_': "mcp::send"`],
    ['a 65-byte name (no value echoed)', { name: 'x'.repeat(65) }, 'name too long (65 chars; max 64)'],
    ['a blank description (Rust trim: NEL counts)', { description: ' \u0085\t' }, 'description must be non-empty'],
    ['a blank function_id', { function_id: '  ' }, 'function_id must be non-empty'],
    ['an empty argument name', { arguments: [{ name: ' ', required: false }] }, 'argument name must be non-empty'],
    ['a duplicate argument name', { arguments: [{ name: 'a', required: false }, { name: 'a', required: true }] }, 'duplicate argument name: a'],
    ['the name before the description', { name: 'Bad', description: '' }, `name may only contain lowercase ASCII letters, digits, '-' and '_': "Bad"`],
    ['the description before the function_id', { description: '', function_id: '' }, 'description must be non-empty'],
    ['the function_id before the arguments', { function_id: '', arguments: [{ name: '', required: false }] }, 'function_id must be non-empty'],
  ])('rejects %s without touching state or notifying', async (_case, overrides, message) => {
    const world = fakeDeps({ subscribers: { prompts: [OBSERVER] } })
    await expect(registerPrompt(input(overrides), world.deps)).rejects.toThrowError(new SkillsError(message))
    expect(world.state.calls).toEqual([])
    expect(world.fanOut).toEqual([])
  })

  it('keeps a BOM-only description (U+FEFF is not Rust whitespace)', async () => {
    const world = fakeDeps()
    await expect(registerPrompt(input({ description: '\uFEFF' }), world.deps)).resolves.toMatchObject({ name: 'send-email' })
  })

  it('propagates a state::set failure unchanged and does not notify', async () => {
    const world = fakeDeps({ subscribers: { prompts: [OBSERVER] } })
    const failure = new Error('state down')
    world.state.failures.set('set', failure)
    await expect(registerPrompt(input(), world.deps)).rejects.toBe(failure)
    expect(world.fanOut).toEqual([])
  })
})

describe('prompts::unregister', () => {
  it('removes, logs and notifies once; a second call answers removed: false silently', async () => {
    const world = fakeDeps({ subscribers: { prompts: [OBSERVER] } })
    await registerPrompt(input(), world.deps)
    expect(await unregisterPrompt({ name: 'send-email' }, world.deps)).toEqual({ name: 'send-email', removed: true })
    expect(await unregisterPrompt({ name: 'send-email' }, world.deps)).toEqual({ name: 'send-email', removed: false })
    expect(world.fanOut.map((c) => c.payload)).toEqual([{ op: 'register', name: 'send-email' }, { op: 'unregister', name: 'send-email' }])
    expect(world.log.lines().filter((l) => l.msg === 'prompt unregister')).toEqual([
      { level: 30, msg: 'prompt unregister', prompt: 'send-email', removed: true },
      { level: 30, msg: 'prompt unregister', prompt: 'send-email', removed: false },
    ])
  })

  it('validates the name first', async () => {
    const world = fakeDeps()
    await expect(unregisterPrompt({ name: 'a/b' }, world.deps)).rejects.toThrowError(
      new SkillsError(`name may only contain lowercase ASCII letters, digits, '-' and '_': "a/b"`),
    )
    expect(world.state.calls).toEqual([])
  })
})

describe('prompts::list', () => {
  it('merges state rows and unshadowed fs prompts sorted by name, in field order', async () => {
    await writeTree(root, {
      'fs/open-pr.md': '---\ndescription: Open a PR.\n---\nbody\n',
      'fs/send-email.md': '---\ndescription: shadowed\n---\nbody\n',
    })
    const world = fakeDeps({ baseDir: root, config: { prompts: ['fs/*.md'] } })
    await registerPrompt(input({ arguments: [{ name: 'to', required: true }] }), world.deps)
    await registerPrompt(input({ name: 'alpha' }), world.deps)
    const { prompts } = await listPrompts({}, world.deps)
    expect(prompts).toEqual([
      { name: 'alpha', function_id: 'mail::send', arguments: 0, registered_at: NOW_TEXT, origin: 'state' },
      { name: 'open-pr', function_id: '', arguments: 0, registered_at: expect.stringMatching(/\+00:00$/), origin: 'fs' },
      { name: 'send-email', function_id: 'mail::send', arguments: 1, registered_at: NOW_TEXT, origin: 'state' },
    ])
    expect(prompts.map((p) => Object.keys(p))).toEqual(Array(3).fill(['name', 'function_id', 'arguments', 'registered_at', 'origin']))
  })

  it('propagates a state::list failure', async () => {
    const world = fakeDeps()
    const failure = new Error('state down')
    world.state.failures.set('list', failure)
    await expect(listPrompts({}, world.deps)).rejects.toBe(failure)
  })
})
