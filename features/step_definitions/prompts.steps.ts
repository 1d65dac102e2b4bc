/**
 * prompts::register / unregister / list / mcp-list / mcp-get. Prompt handlers are functions the
 * test client registers (`bdd::prompt-handler-<suffix>`); the scoped prompt "prompt" points at
 * one with description "bdd prompt".
 */
import assert from 'node:assert/strict'
import { Given, Then, When } from '@cucumber/cucumber'
import { entriesOf, type Entry } from '../support/results.js'
import type { Json, SkillsWorld } from '../support/world.js'

const PROMPT_DESCRIPTION = 'bdd prompt'

function handlerId(world: SkillsWorld): string {
  return `bdd::prompt-handler-${world.suffix}`
}

function names(result: unknown): string[] {
  return entriesOf(result, 'prompts').map((entry) => entry.name as string)
}

function promptEntry(world: SkillsWorld, name: string): Entry {
  const entry = entriesOf(world.lastResult, 'prompts').find((e) => e.name === name)
  assert.ok(entry, `no prompt ${name} in ${names(world.lastResult).join(', ')}`)
  return entry
}

async function registerScopedPrompt(world: SkillsWorld, functionId: string): Promise<void> {
  await world.mustCall('prompts::register', {
    name: world.scopedId('prompt'),
    description: PROMPT_DESCRIPTION,
    function_id: functionId,
  })
}

When(
  'I register a prompt with name {string}, description {string}, function_id {string}',
  async function (this: SkillsWorld, name: string, description: string, functionId: string) {
    const payload = { name: this.inline(name), description: this.inline(description), function_id: this.inline(functionId) }
    await this.call('prompts::register', payload)
  },
)

When('I register a prompt {string} with arguments:', async function (this: SkillsWorld, name: string, args: string) {
  await this.call('prompts::register', { name: this.inline(name), description: 'x', function_id: 'test::handler', arguments: this.json(args) })
})

When('I register a scoped prompt {string} pointing at {string}', async function (this: SkillsWorld, base: string, functionId: string) {
  await this.call('prompts::register', { name: this.scopedId(base), description: PROMPT_DESCRIPTION, function_id: functionId })
})

When(
  'I register a scoped prompt {string} pointing at {string} with arguments:',
  async function (this: SkillsWorld, base: string, functionId: string, args: string) {
    const payload = { name: this.scopedId(base), description: PROMPT_DESCRIPTION, function_id: functionId, arguments: this.json(args) }
    await this.call('prompts::register', payload)
  },
)

When('I unregister the scoped prompt {string}', async function (this: SkillsWorld, base: string) {
  await this.call('prompts::unregister', { name: this.scopedId(base) })
})

When('I unregister the prompt {string}', async function (this: SkillsWorld, name: string) {
  await this.call('prompts::unregister', { name: this.inline(name) })
})

When('I list prompts', async function (this: SkillsWorld) {
  await this.call('prompts::list', {})
})

Then('the scoped prompt {string} appears in the listing', function (this: SkillsWorld, base: string) {
  assert.ok(names(this.lastResult).includes(this.scopedId(base)))
})

Then('the scoped prompt {string} does not appear in the listing', function (this: SkillsWorld, base: string) {
  assert.ok(!names(this.lastResult).includes(this.scopedId(base)))
})

Then('each prompt listing entry carries arguments count, function_id, and registered_at', function (this: SkillsWorld) {
  for (const entry of entriesOf(this.lastResult, 'prompts')) {
    assert.deepEqual(Object.keys(entry).sort(), ['arguments', 'function_id', 'name', 'origin', 'registered_at'])
    assert.ok(Number.isInteger(entry.arguments), JSON.stringify(entry))
    assert.ok(typeof entry.function_id === 'string' && typeof entry.registered_at === 'string', JSON.stringify(entry))
  }
})

Then('the prompt listing is sorted by name', function (this: SkillsWorld) {
  const listed = names(this.lastResult)
  assert.ok(listed.length > 1, 'sorting needs at least two entries')
  assert.deepEqual(listed, [...listed].sort())
})

Then('the prompt listing names are {string}', function (this: SkillsWorld, expected: string) {
  assert.deepEqual(names(this.lastResult), this.inline(expected).split(', '))
})

Then('the prompt listing entry {string} has function_id {string}', function (this: SkillsWorld, name: string, functionId: string) {
  assert.equal(promptEntry(this, this.inline(name)).function_id, this.inline(functionId))
})

When('I call prompts::mcp-list', async function (this: SkillsWorld) {
  await this.call('prompts::mcp-list', {})
})

Then('the mcp prompt list includes {string} with description {string}', function (this: SkillsWorld, name: string, description: string) {
  assert.equal(promptEntry(this, this.inline(name)).description, this.inline(description))
})

Then('the mcp prompt list does not include {string}', function (this: SkillsWorld, name: string) {
  assert.ok(!names(this.lastResult).includes(this.inline(name)))
})

Then('the mcp prompt list entry {string} has arguments:', function (this: SkillsWorld, name: string, args: string) {
  assert.deepEqual(promptEntry(this, this.inline(name)).arguments, this.json(args))
})

// ── prompt handlers and prompts::mcp-get ───────────────────────────────

Given('a prompt handler that returns the string {string}', async function (this: SkillsWorld, value: string) {
  const text = this.inline(value)
  this.registerFunction(handlerId(this), () => text)
  await registerScopedPrompt(this, handlerId(this))
})

Given('a prompt handler that returns:', async function (this: SkillsWorld, value: string) {
  const json = this.json(value)
  this.registerFunction(handlerId(this), () => json)
  await registerScopedPrompt(this, handlerId(this))
})

Given('a prompt handler that returns nothing', async function (this: SkillsWorld) {
  this.registerFunction(handlerId(this), () => undefined)
  await registerScopedPrompt(this, handlerId(this))
})

Given('a prompt handler that throws {string}', async function (this: SkillsWorld, message: string) {
  this.registerFunction(handlerId(this), () => {
    throw new Error(message)
  })
  await registerScopedPrompt(this, handlerId(this))
})

Given('a prompt pointing at the (infra )function {string}', async function (this: SkillsWorld, functionId: string) {
  await registerScopedPrompt(this, functionId)
})

When('I call prompts::mcp-get on the scoped prompt', async function (this: SkillsWorld) {
  await this.call('prompts::mcp-get', { name: this.scopedId('prompt'), arguments: {} })
})

When('I call prompts::mcp-get on the scoped prompt with arguments:', async function (this: SkillsWorld, args: string) {
  await this.call('prompts::mcp-get', { name: this.scopedId('prompt'), arguments: this.json(args) })
})

When('I call prompts::mcp-get on the prompt {string} with arguments:', async function (this: SkillsWorld, name: string, args: string) {
  await this.call('prompts::mcp-get', { name: this.inline(name), arguments: this.json(args) })
})

When('I call prompts::mcp-get with an unknown name {string}', async function (this: SkillsWorld, name: string) {
  await this.call('prompts::mcp-get', { name, arguments: {} })
})

When('I call prompts::mcp-get for {string}', async function (this: SkillsWorld, name: string) {
  await this.call('prompts::mcp-get', { name: this.inline(name), arguments: {} })
})

Then('the prompt handler received:', function (this: SkillsWorld, inputs: string) {
  assert.deepEqual(this.handlerInputs.get(handlerId(this)), this.json(inputs) as Json[])
})

// ── the mcp bridge seed ────────────────────────────────────────────────

Given('a skill and a prompt are registered for the bridge test', async function (this: SkillsWorld) {
  await this.mustCall('skills::register', { id: this.scopedId('bridge'), skill: '# bridge\n\nbody content\n' })
  const bridgeHandler = `bdd::bridge-handler-${this.suffix}`
  this.registerFunction(bridgeHandler, () => ({ content: 'bridge body' }))
  await this.mustCall('prompts::register', {
    name: this.scopedId('bridge-prompt'),
    description: 'bdd bridge',
    function_id: bridgeHandler,
    arguments: [{ name: 'to', description: 'Recipient', required: true }],
  })
})
