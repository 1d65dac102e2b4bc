/**
 * Shared inputs of the robustness suites: the 13 function ids with a valid payload and the JSON
 * type of every field they decode, a baseline registry to prove rejected calls leave untouched,
 * nested-value and truncation helpers that follow the documented rules.
 */
import { utf8Length } from '../../src/core/ids.js'
import { MAX_ERROR_TEXT_UNITS } from '../../src/core/limits.js'
import * as msg from '../../src/core/messages.js'
import { truncateUnits } from '../../src/functions/response-guard.js'
import type { RobustEnv } from './harness.js'

export type FieldType = 'string' | 'string or null' | 'array or null' | 'array'

export interface FunctionCase {
  id: string
  /** A payload that passes decoding. */
  valid: Record<string, unknown>
  /** Decoded fields and the JSON type each wants (fields taking any JSON are left out). */
  fields: Record<string, FieldType>
  /** Required fields, in declaration order. */
  required: string[]
}

const EMPTY = (id: string): FunctionCase => ({ id, valid: {}, fields: {}, required: [] })

export const ECHO_HANDLER = 'robust::echo'

/** The 13 registrations in upstream order (§1). */
export const FUNCTION_CASES: FunctionCase[] = [
  { id: 'skills::register', valid: { id: 'fresh', skill: '# Fresh\n' }, fields: { id: 'string', skill: 'string' }, required: ['id', 'skill'] },
  { id: 'skills::unregister', valid: { id: 'fresh' }, fields: { id: 'string' }, required: ['id'] },
  EMPTY('skills::list'),
  EMPTY('skills::resources-list'),
  { id: 'skills::resources-read', valid: { uri: 'iii://alpha' }, fields: { uri: 'string' }, required: ['uri'] },
  EMPTY('skills::resources-templates'),
  { id: 'skills::fetch_skill', valid: { uri: 'iii://alpha' }, fields: { uri: 'string or null', uris: 'array or null' }, required: [] },
  { id: 'skill::fetch', valid: { uri: 'iii://alpha' }, fields: { uri: 'string or null', uris: 'array or null' }, required: [] },
  {
    id: 'prompts::register',
    valid: { name: 'fresh', description: 'Fresh prompt', function_id: ECHO_HANDLER },
    fields: { name: 'string', description: 'string', arguments: 'array', function_id: 'string' },
    required: ['name', 'description', 'function_id'],
  },
  { id: 'prompts::unregister', valid: { name: 'fresh' }, fields: { name: 'string' }, required: ['name'] },
  EMPTY('prompts::list'),
  EMPTY('prompts::mcp-list'),
  { id: 'prompts::mcp-get', valid: { name: 'greet' }, fields: { name: 'string' }, required: ['name'] },
]

/** One value of every JSON type, named as the decoder names it. */
export const JSON_VALUES: Array<[string, unknown]> = [
  ['integer', 7],
  ['float', 1.5],
  ['boolean', true],
  ['null', null],
  ['array', []],
  ['object', {}],
  ['string', 'text'],
]

export function acceptsType(type: FieldType, got: string): boolean {
  switch (type) {
    case 'string': return got === 'string'
    case 'string or null': return got === 'string' || got === 'null'
    case 'array or null': return got === 'array' || got === 'null'
    case 'array': return got === 'array'
  }
}

export const BIG_BODY = `# Big\n${'b'.repeat(262_144 - '# Big\n'.length)}`

/** Rows the suites start from; every rejected call must leave exactly these. */
export async function seedBaseline(env: RobustEnv): Promise<void> {
  env.client.registerFunction(ECHO_HANDLER, async (args: unknown) => {
    const { _caller_worker_id: _caller, ...rest } = (args ?? {}) as Record<string, unknown>
    return { content: `echo ${utf8Length(JSON.stringify(rest))} bytes` }
  })
  await env.call('skills::register', { id: 'alpha', skill: '# Alpha\nAlpha body.\n' })
  await env.call('skills::register', { id: 'nested/child', skill: '# Child\nChild body.\n' })
  await env.call('skills::register', { id: 'big', skill: BIG_BODY })
  await env.call('prompts::register', {
    name: 'greet', description: 'Greets', function_id: ECHO_HANDLER,
    arguments: [{ name: 'who', description: 'Who to greet', required: true }],
  })
}

/** `depth` levels of arrays around a string. */
export function nested(depth: number): unknown {
  let value: unknown = 'leaf'
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

/** `depth` levels of arrays around a string, as JSON text (no recursion, any depth). */
export function nestedJson(depth: number): string {
  return `${'['.repeat(depth)}"leaf"${']'.repeat(depth)}`
}

/** What the worker sends for an error text that echoes a huge input (src/core/limits.ts). */
export function truncatedError(full: string): string {
  if (full.length <= MAX_ERROR_TEXT_UNITS) return full
  return msg.errorTextTruncated(truncateUnits(full, MAX_ERROR_TEXT_UNITS), utf8Length(full))
}

export const MiB = 1024 * 1024
export const KiB = 1024
