/**
 * Steps for markdown.feature (`@pure`): they call the core modules directly, no engine. Each
 * `When` leaves its outcome on the world (`lastResult`, or `lastError` for a failure text) and
 * each `Then` compares it whole with node:assert/strict.
 */
import assert from 'node:assert/strict'
import { Given, Then, When, type DataTable } from '@cucumber/cucumber'
import { SkillsError } from '../../src/core/errors.js'
import { isAlwaysHidden } from '../../src/core/hidden.js'
import { validateArguments, validateId, validateName } from '../../src/core/ids.js'
import { renderIndex } from '../../src/core/index-page.js'
import { extractDescription, extractTitle, truncateChars } from '../../src/core/markdown.js'
import { normalizeFunctionOutput, normalizePromptOutput, type NormalizedOutput } from '../../src/core/normalize.js'
import { parseUri, type ParsedUri } from '../../src/core/uri-grammar.js'
import { unescapeInline, type SkillsWorld } from '../support/world.js'

const codePoints = (text: string): number => [...text].length

/** Runs a core function that throws SkillsError: its value goes to lastResult, its text to lastError. */
function attempt(world: SkillsWorld, run: () => unknown): void {
  try {
    world.lastResult = run()
    world.lastError = undefined
  } catch (error) {
    if (!(error instanceof SkillsError)) throw error
    world.lastResult = undefined
    world.lastError = error.message
  }
}

function expectFailure(world: SkillsWorld, message: string): void {
  assert.equal(world.lastError, message)
}

// ── markdown ─────────────────────────────────────────────────────────────

When('I extract the title from:', function (this: SkillsWorld, markdown: string) {
  this.lastResult = extractTitle(markdown)
})

When('I extract the description from:', function (this: SkillsWorld, markdown: string) {
  this.lastResult = extractDescription(markdown)
})

When(
  'I extract the description from a title and a paragraph of {string} repeated {int} times',
  function (this: SkillsWorld, text: string, count: number) {
    this.lastResult = extractDescription(`# title\n\n${unescapeInline(text).repeat(count)}\n`)
  },
)

Then('the extracted title is {string}', function (this: SkillsWorld, title: string) {
  assert.equal(this.lastResult, unescapeInline(title))
})

Then('there is no extracted title', function (this: SkillsWorld) {
  assert.equal(this.lastResult, undefined)
})

Then('the extracted description is {string}', function (this: SkillsWorld, description: string) {
  assert.equal(this.lastResult, unescapeInline(description))
})

Then('the extracted description is {string} repeated {int} times', function (this: SkillsWorld, text: string, count: number) {
  assert.equal(this.lastResult, unescapeInline(text).repeat(count))
})

Then('the extracted description does not contain {string}', function (this: SkillsWorld, fragment: string) {
  assert.equal(typeof this.lastResult, 'string')
  assert.ok(!(this.lastResult as string).includes(fragment), `found ${fragment} in ${String(this.lastResult)}`)
})

Then('there is no extracted description', function (this: SkillsWorld) {
  assert.equal(this.lastResult, undefined)
})

Given('the string {string} repeated {int} times', function (this: SkillsWorld, text: string, count: number) {
  this.vars.set('string', unescapeInline(text).repeat(count))
})

When('I truncate it to {int} chars', function (this: SkillsWorld, max: number) {
  this.lastResult = truncateChars(this.vars.get('string') ?? '', max)
})

Then('the truncated string is {string}', function (this: SkillsWorld, text: string) {
  assert.equal(this.lastResult, unescapeInline(text))
})

Then('the truncated string has {int} chars', function (this: SkillsWorld, count: number) {
  assert.equal(codePoints(this.lastResult as string), count)
})

Then('the truncated string ends with {string}', function (this: SkillsWorld, suffix: string) {
  assert.ok((this.lastResult as string).endsWith(suffix), `${String(this.lastResult)} does not end with ${suffix}`)
})

// ── index bullets ────────────────────────────────────────────────────────

When(
  'I render the skills index with a skill {string} whose first paragraph is {string} repeated {int} times',
  function (this: SkillsWorld, id: string, text: string, count: number) {
    this.lastResult = renderIndex([{ id, body: `# ${id}\n\n${unescapeInline(text).repeat(count)}\n` }], [])
  },
)

function indexBullet(world: SkillsWorld, id: string): string {
  const lines = (world.lastResult as string).split('\n')
  const line = lines.find((candidate) => candidate.trimStart().startsWith(`- [\`${id}\`](iii://${id})`))
  assert.ok(line !== undefined, `no bullet for ${id} in:\n${String(world.lastResult)}`)
  return line
}

Then(
  'the index bullet for {string} shows {string} repeated {int} times followed by {string}',
  function (this: SkillsWorld, id: string, text: string, count: number, suffix: string) {
    const description = unescapeInline(text).repeat(count) + suffix
    assert.equal(indexBullet(this, id), `- [\`${id}\`](iii://${id}) \u2014 ${id} \u2014 ${description}`)
  },
)

Then(
  'the index bullet for {string} shows {string} repeated {int} times with no ellipsis',
  function (this: SkillsWorld, id: string, text: string, count: number) {
    const description = unescapeInline(text).repeat(count)
    assert.equal(indexBullet(this, id), `- [\`${id}\`](iii://${id}) \u2014 ${id} \u2014 ${description}`)
  },
)

// ── parse_uri ────────────────────────────────────────────────────────────

When('I parse the URI {string}', function (this: SkillsWorld, uri: string) {
  attempt(this, () => parseUri(unescapeInline(uri)))
})

function parsed(world: SkillsWorld): ParsedUri {
  assert.equal(world.lastError, undefined, `parse_uri failed: ${world.lastError}`)
  return world.lastResult as ParsedUri
}

Then('parse_uri returns the index', function (this: SkillsWorld) {
  assert.deepEqual(parsed(this), { kind: 'index' })
})

Then('parse_uri returns a skill with id {string}', function (this: SkillsWorld, id: string) {
  assert.deepEqual(parsed(this), { kind: 'skill', id })
})

Then('parse_uri returns a section with function {string}', function (this: SkillsWorld, functionId: string) {
  assert.deepEqual(parsed(this), { kind: 'section', functionId })
})

Then('parse_uri fails with {string}', function (this: SkillsWorld, message: string) {
  expectFailure(this, message)
})

// ── validators ───────────────────────────────────────────────────────────

When('I validate the skill id {string}', function (this: SkillsWorld, id: string) {
  this.lastError = validateId(unescapeInline(id))
})

When('I validate a skill id of {int} lowercase letters', function (this: SkillsWorld, length: number) {
  this.lastError = validateId('a'.repeat(length))
})

When('I validate the prompt name {string}', function (this: SkillsWorld, name: string) {
  this.lastError = validateName(unescapeInline(name))
})

When('I validate prompt arguments named:', function (this: SkillsWorld, table: DataTable) {
  this.lastError = validateArguments(table.raw().map(([name = '']) => ({ name })))
})

Then(/^the (?:skill id|prompt name) validation succeeds$/, function (this: SkillsWorld) {
  assert.equal(this.lastError, undefined)
})

Then(/^the (?:skill id|prompt name) validation fails with:$/, function (this: SkillsWorld, message: string) {
  expectFailure(this, message)
})

Then(
  /^(?:the (?:skill id|prompt name) validation|argument validation) fails with "((?:[^"\\]|\\.)*)"$/,
  function (this: SkillsWorld, message: string) {
    expectFailure(this, message.replace(/\\"/g, '"'))
  },
)

// ── output normalisation ─────────────────────────────────────────────────

When('I normalize the function output:', function (this: SkillsWorld, json: string) {
  this.lastResult = normalizeFunctionOutput(JSON.parse(json))
})

Then('the normalized mime is {string}', function (this: SkillsWorld, mimeType: string) {
  assert.equal((this.lastResult as NormalizedOutput).mimeType, mimeType)
})

Then('the normalized text is {string}', function (this: SkillsWorld, text: string) {
  assert.equal((this.lastResult as NormalizedOutput).text, unescapeInline(text))
})

Then('the normalized text is:', function (this: SkillsWorld, text: string) {
  assert.equal((this.lastResult as NormalizedOutput).text, text)
})

Then('the normalized text contains {string}', function (this: SkillsWorld, fragment: string) {
  const { text } = this.lastResult as NormalizedOutput
  assert.ok(text.includes(fragment), `${fragment} not in ${text}`)
})

interface PromptNormalization {
  input: unknown
  messages: unknown[]
}

When('I normalize the prompt output:', function (this: SkillsWorld, json: string) {
  const input: unknown = JSON.parse(json)
  attempt(this, (): PromptNormalization => ({ input, messages: normalizePromptOutput(input) }))
})

function promptMessages(world: SkillsWorld): PromptNormalization {
  assert.equal(world.lastError, undefined, `prompt normalization failed: ${world.lastError}`)
  return world.lastResult as PromptNormalization
}

Then('the normalized messages length is {int}', function (this: SkillsWorld, length: number) {
  assert.equal(promptMessages(this).messages.length, length)
})

Then('the normalized messages are:', function (this: SkillsWorld, json: string) {
  assert.deepEqual(promptMessages(this).messages, JSON.parse(json))
})

Then("the normalized messages are the handler's messages array, untouched", function (this: SkillsWorld) {
  const { input, messages } = promptMessages(this)
  assert.equal(messages, (input as { messages: unknown[] }).messages)
})

Then('prompt normalization fails with {string}', function (this: SkillsWorld, message: string) {
  expectFailure(this, message)
})

// ── hard floor ───────────────────────────────────────────────────────────

When('I check the hard floor for {string}', function (this: SkillsWorld, functionId: string) {
  this.lastResult = isAlwaysHidden(functionId)
})

Then('the function id is hard-floored', function (this: SkillsWorld) {
  assert.equal(this.lastResult, true)
})

Then('the function id is not hard-floored', function (this: SkillsWorld) {
  assert.equal(this.lastResult, false)
})
