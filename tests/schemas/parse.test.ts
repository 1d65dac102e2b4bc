import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { SkillsError } from '../../src/core/errors.js'
import { formatPath, parseInput } from '../../src/schemas/parse.js'
import { PromptGetInput, RegisterPromptInput } from '../../src/schemas/prompts.js'
import { EmptyInput, FetchSkillInput, ReadResourceInput } from '../../src/schemas/resources.js'
import { RegisterSkillInput, UnregisterSkillInput } from '../../src/schemas/skills.js'
import { StoredPrompt, StoredSkill } from '../../src/schemas/stored.js'

type Schema = z.ZodType<unknown, z.ZodTypeDef, unknown>

function errorOf(schema: Schema, data: unknown): string {
  try {
    parseInput(schema, data)
  } catch (error) {
    expect(error).toBeInstanceOf(SkillsError)
    return (error as Error).message
  }
  throw new Error('parseInput accepted the payload')
}

function nested(depth: number): unknown {
  let value: unknown = 'leaf'
  for (let i = 0; i < depth; i++) value = { inner: [value] }
  return value
}

describe('parseInput rejections', () => {
  it.each<[string, Schema, unknown, string]>([
    ['a missing required field', RegisterSkillInput, { id: 'a' }, 'missing field `skill`'],
    ['the first missing field in declaration order', RegisterSkillInput, {}, 'missing field `id`'],
    ['a string field holding a number', RegisterSkillInput, { id: 5, skill: 'x' }, 'invalid type for field `id`: expected string, got integer'],
    ['a string field holding a float', UnregisterSkillInput, { id: 1.5 }, 'invalid type for field `id`: expected string, got float'],
    ['a string field holding null', RegisterSkillInput, { id: 'a', skill: null }, 'invalid type for field `skill`: expected string, got null'],
    ['a string field holding an object', ReadResourceInput, { uri: {} }, 'invalid type for field `uri`: expected string, got object'],
    ['a wrong type before a missing field', RegisterSkillInput, { skill: true }, 'invalid type for field `skill`: expected string, got boolean'],
    ['a null payload', RegisterSkillInput, null, 'invalid payload: expected object, got null'],
    ['an array payload', EmptyInput, [], 'invalid payload: expected object, got array'],
    ['a string payload', ReadResourceInput, 'iii://skills', 'invalid payload: expected object, got string'],
    ['an absent payload', EmptyInput, undefined, 'invalid payload: expected object, got nothing'],
    ['a missing nested argument name', RegisterPromptInput, { name: 'p', description: 'd', function_id: 'f', arguments: [{ name: 'a' }, {}] }, 'missing field `arguments[1].name`'],
    ['a mistyped nested argument name', RegisterPromptInput, { name: 'p', description: 'd', function_id: 'f', arguments: [{ name: 1 }] }, 'invalid type for field `arguments[0].name`: expected string, got integer'],
    ['a mistyped nested required flag', RegisterPromptInput, { name: 'p', description: 'd', function_id: 'f', arguments: [{ name: 'a', required: 'yes' }] }, 'invalid type for field `arguments[0].required`: expected boolean, got string'],
    ['a mistyped nullable argument description', RegisterPromptInput, { name: 'p', description: 'd', function_id: 'f', arguments: [{ name: 'a', description: 3 }] }, 'invalid type for field `arguments[0].description`: expected string or null, got integer'],
    ['arguments given as an object', RegisterPromptInput, { name: 'p', description: 'd', function_id: 'f', arguments: {} }, 'invalid type for field `arguments`: expected array, got object'],
    ['an argument given as a string', RegisterPromptInput, { name: 'p', description: 'd', function_id: 'f', arguments: ['a'] }, 'invalid type for field `arguments[0]`: expected object, got string'],
    ['a mistyped fetch uri', FetchSkillInput, { uri: 5 }, 'invalid type for field `uri`: expected string or null, got integer'],
    ['fetch uris given as a string', FetchSkillInput, { uris: 'iii://a' }, 'invalid type for field `uris`: expected array or null, got string'],
    ['a mistyped fetch uris element', FetchSkillInput, { uris: ['iii://a', 1] }, 'invalid type for field `uris[1]`: expected string, got integer'],
    ['a prompt-get without a name', PromptGetInput, { arguments: {} }, 'missing field `name`'],
    ['a stored skill without registered_at', StoredSkill, { id: 'a', skill: 'b' }, 'missing field `registered_at`'],
    ['a stored prompt with a numeric function_id', StoredPrompt, { name: 'n', description: 'd', function_id: 7, registered_at: 't' }, 'invalid type for field `function_id`: expected string, got integer'],
  ])('rejects %s', (_case, schema, data, message) => {
    expect(errorOf(schema, data)).toBe(message)
  })
})

describe('parseInput acceptance', () => {
  it.each<[string, Schema, unknown, unknown]>([
    ['drops the engine-injected caller id', RegisterSkillInput, { id: 'a', skill: 'b', _caller_worker_id: 'w1' }, { id: 'a', skill: 'b' }],
    ['defaults prompt arguments to an empty list', RegisterPromptInput, { name: 'p', description: 'd', function_id: 'f' }, { name: 'p', description: 'd', function_id: 'f', arguments: [] }],
    ['defaults an argument to not required and keeps description absent', RegisterPromptInput, { name: 'p', description: 'd', function_id: 'f', arguments: [{ name: 'a', extra: 1 }] }, { name: 'p', description: 'd', function_id: 'f', arguments: [{ name: 'a', required: false }] }],
    ['keeps a null argument description', RegisterPromptInput, { name: 'p', description: 'd', function_id: 'f', arguments: [{ name: 'a', description: null, required: true }] }, { name: 'p', description: 'd', function_id: 'f', arguments: [{ name: 'a', description: null, required: true }] }],
    ['defaults fetch uri and uris to null', FetchSkillInput, {}, { uri: null, uris: null }],
    ['keeps explicit null fetch fields', FetchSkillInput, { uri: null, uris: null }, { uri: null, uris: null }],
    ['keeps fetch uris as given', FetchSkillInput, { uris: [' iii://a ', ''] }, { uri: null, uris: [' iii://a ', ''] }],
    ['defaults prompt-get arguments to null', PromptGetInput, { name: 'p' }, { name: 'p', arguments: null }],
    ['passes prompt-get arguments of any type through', PromptGetInput, { name: 'p', arguments: [1, 'two'] }, { name: 'p', arguments: [1, 'two'] }],
    ['accepts an empty object for an empty input', EmptyInput, { _caller_worker_id: 'w1' }, {}],
    ['defaults a stored prompt without arguments to none', StoredPrompt, { name: 'n', description: 'd', function_id: 'f', registered_at: 't' }, { name: 'n', description: 'd', function_id: 'f', registered_at: 't', arguments: [] }],
  ])('%s', (_case, schema, data, parsed) => {
    expect(parseInput(schema, data)).toEqual(parsed)
  })

  it('gives each parse a fresh default arguments list', () => {
    const input = { name: 'p', description: 'd', function_id: 'f' }
    const first = parseInput(RegisterPromptInput, input)
    first.arguments.push({ name: 'x', required: false })
    expect(parseInput(RegisterPromptInput, input).arguments).toEqual([])
  })

  it('ignores a 10,000-level nested value in an unknown field', () => {
    const data = { id: 'a', skill: 'b', junk: nested(10_000) }
    expect(parseInput(RegisterSkillInput, data)).toEqual({ id: 'a', skill: 'b' })
  })

  it('passes a 10,000-level nested prompt-get arguments value through untouched', () => {
    const deep = nested(10_000)
    expect(parseInput(PromptGetInput, { name: 'p', arguments: deep }).arguments).toBe(deep)
  })

  it('rejects a 10,000-level nested value in a typed field by its outer type', () => {
    expect(errorOf(RegisterSkillInput, { id: 'a', skill: nested(10_000) })).toBe(
      'invalid type for field `skill`: expected string, got object',
    )
  })

  it('accepts a 5 MB body and ignores a 5 MB unknown field', () => {
    const big = 'x'.repeat(5 * 1024 * 1024)
    const parsed = parseInput(RegisterSkillInput, { id: 'a', skill: big, padding: big.split('') })
    expect(parsed.skill.length).toBe(5 * 1024 * 1024)
  })
})

describe('formatPath', () => {
  it.each<[Array<string | number>, string]>([
    [['id'], 'id'],
    [['arguments', 1, 'name'], 'arguments[1].name'],
    [['uris', 0], 'uris[0]'],
    [['scopes', 'skills'], 'scopes.skills'],
    [[], ''],
  ])('renders %j as %s', (path, text) => {
    expect(formatPath(path)).toBe(text)
  })
})
