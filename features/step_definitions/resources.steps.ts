/**
 * The iii:// resolver: resources-list / -read / -templates, the index page, section functions
 * registered by the test client, and the skills::fetch_skill / skill::fetch tool.
 */
import assert from 'node:assert/strict'
import { Given, Then, When } from '@cucumber/cucumber'
import { contentsOf, entriesOf, textOf } from '../support/results.js'
import type { Json, SkillsWorld } from '../support/world.js'

const FETCH_IDS = ['skills::fetch_skill', 'skill::fetch']
const SECTION_SEPARATOR = '\n\n---\n\n'

function fetchId(functionId: string): string {
  assert.ok(FETCH_IDS.includes(functionId), `${functionId} is not a fetch function`)
  return functionId
}

function scopedUris(world: SkillsWorld, bases: string): string[] {
  return bases.split(',').map((base) => `iii://${world.scopedId(base.trim())}`)
}

function fetchPayload(uris: string[]): { uri: string } | { uris: string[] } {
  return uris.length === 1 ? { uri: uris[0]! } : { uris }
}

function indexLines(world: SkillsWorld): string[] {
  return contentsOf(world.lastResult).text.split('\n')
}

When('I call skills::resources-list', async function (this: SkillsWorld) {
  await this.call('skills::resources-list', {})
})

When('I call skills::resources-templates', async function (this: SkillsWorld) {
  await this.call('skills::resources-templates', {})
})

When('I read the URI {string}', async function (this: SkillsWorld, uri: string) {
  await this.call('skills::resources-read', { uri: this.inline(uri) })
})

When('I read the nested skill at {string}', async function (this: SkillsWorld, base: string) {
  await this.call('skills::resources-read', { uri: `iii://${this.scopedId(base)}` })
})

Then('the resource list includes {string}', function (this: SkillsWorld, uri: string) {
  const uris = entriesOf(this.lastResult, 'resources').map((r) => r.uri)
  assert.ok(uris.includes(this.inline(uri)), `${this.inline(uri)} not in ${uris.join(', ')}`)
})

Then('the resource {string} is named {string}', function (this: SkillsWorld, uri: string, name: string) {
  const resource = entriesOf(this.lastResult, 'resources').find((r) => r.uri === this.inline(uri))
  assert.equal(resource?.name, this.inline(name))
})

Then('the contents mime type is {string}', function (this: SkillsWorld, mimeType: string) {
  assert.equal(this.lastError, undefined)
  assert.equal(contentsOf(this.lastResult).mimeType, mimeType)
})

Then('the contents text contains {string}', function (this: SkillsWorld, fragment: string) {
  const text = contentsOf(this.lastResult).text
  assert.ok(text.includes(this.inline(fragment)), `${JSON.stringify(fragment)} not in ${JSON.stringify(text)}`)
})

Then('the contents text does not contain {string}', function (this: SkillsWorld, fragment: string) {
  assert.ok(!contentsOf(this.lastResult).text.includes(this.inline(fragment)))
})

Then('the contents text is {string}', function (this: SkillsWorld, text: string) {
  assert.equal(contentsOf(this.lastResult).text, this.inline(text))
})

Then('the contents text equals:', function (this: SkillsWorld, text: string) {
  assert.equal(contentsOf(this.lastResult).text, this.expand(text))
})

/** A doc string cannot end in a newline; rendered markdown pages do. */
Then('the contents text equals, with a final newline:', function (this: SkillsWorld, text: string) {
  assert.equal(contentsOf(this.lastResult).text, `${this.expand(text)}\n`)
})

Then('the index has the scoped entry {string} indented by {int} spaces', function (this: SkillsWorld, base: string, spaces: number) {
  const id = this.scopedId(base)
  const prefix = `${' '.repeat(spaces)}- [\`${id}\`](iii://${id})`
  assert.ok(indexLines(this).some((line) => line.startsWith(prefix)), `no line starts with ${prefix}`)
})

Then('the index has a fs entry {string} indented by {int} spaces', function (this: SkillsWorld, id: string, spaces: number) {
  const prefix = `${' '.repeat(spaces)}- [\`${id}\`](iii://${id})`
  assert.ok(indexLines(this).some((line) => line.startsWith(prefix)), `no line starts with ${prefix}`)
})

Then('the index has the line {string}', function (this: SkillsWorld, line: string) {
  assert.ok(indexLines(this).includes(this.inline(line)), indexLines(this).join('\n'))
})

// ── functions the test client registers ────────────────────────────────

Given('the function {string} returns the string {string}', function (this: SkillsWorld, id: string, value: string) {
  const text = this.inline(value)
  this.registerFunction(this.inline(id), () => text)
})

Given('the function {string} returns:', function (this: SkillsWorld, id: string, value: string) {
  const json = this.json(value)
  this.registerFunction(this.inline(id), () => json)
})

Given('the function {string} returns nothing', function (this: SkillsWorld, id: string) {
  this.registerFunction(this.inline(id), () => undefined)
})

Given('the function {string} throws {string}', function (this: SkillsWorld, id: string, message: string) {
  this.registerFunction(this.inline(id), () => {
    throw new Error(message)
  })
})

Then('the function {string} received:', function (this: SkillsWorld, id: string, inputs: string) {
  assert.deepEqual(this.handlerInputs.get(this.inline(id)), this.json(inputs) as Json[])
})

// ── skills::fetch_skill / skill::fetch ─────────────────────────────────

When('I call {word} on the scoped skills {string}', async function (this: SkillsWorld, functionId: string, bases: string) {
  await this.call(fetchId(functionId), fetchPayload(scopedUris(this, bases)))
})

When('I call {word} with no uri or uris', async function (this: SkillsWorld, functionId: string) {
  await this.call(fetchId(functionId), {})
})

When('I call {word} with the raw URI {string}', async function (this: SkillsWorld, functionId: string, uri: string) {
  await this.call(fetchId(functionId), { uri: this.inline(uri) })
})

When('I call {word} with the payload:', async function (this: SkillsWorld, functionId: string, payload: string) {
  await this.call(fetchId(functionId), this.json(payload))
})

Then('the fetch text starts with {string}', function (this: SkillsWorld, prefix: string) {
  const text = textOf(this.lastResult)
  assert.ok(text.startsWith(this.inline(prefix)), JSON.stringify(text))
})

Then('the fetch text contains {string}', function (this: SkillsWorld, fragment: string) {
  assert.ok(textOf(this.lastResult).includes(this.inline(fragment)), JSON.stringify(this.lastResult))
})

Then('the fetch text does not contain {string}', function (this: SkillsWorld, fragment: string) {
  assert.ok(!textOf(this.lastResult).includes(this.inline(fragment)), JSON.stringify(this.lastResult))
})

Then('the fetch text has {int} section(s)', function (this: SkillsWorld, count: number) {
  assert.equal(textOf(this.lastResult).split(SECTION_SEPARATOR).length, count)
})

Then(
  'the result is the same as skills::fetch_skill gives for the scoped skills {string}',
  async function (this: SkillsWorld, bases: string) {
    const aliasText = textOf(this.lastResult)
    const internal = await this.engine.call('skills::fetch_skill', fetchPayload(scopedUris(this, bases)))
    assert.equal(aliasText, internal)
  },
)
