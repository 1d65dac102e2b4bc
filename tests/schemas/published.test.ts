import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { FUNCTIONS, FUNCTION_BY_ID, TRIGGER_TYPES } from '../../src/functions/registry.js'

type Json = { [key: string]: unknown }
interface ReferenceFunction {
  name: string
  description: string
  metadata: Json
  request_schema: Json
  response_schema: Json
}
interface Reference {
  functions: ReferenceFunction[]
  triggers: Array<{ name: string; description: string }>
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const sharedCopy = resolve(repoRoot, '../shared/spec/api-reference-v0.2.2.json')
const fixtureCopy = resolve(repoRoot, 'tests/fixtures/api-reference-v0.2.2.json')
const referencePath = existsSync(sharedCopy) ? sharedCopy : fixtureCopy
const v022 = JSON.parse(readFileSync(referencePath, 'utf8')) as Reference

// The v0.2.4 changes on top of the v0.2.2 reference (§1.1, D6, D7), applied explicitly.
const SKILLS_LIST_V024 =
  'List registered skills (id, body length, registered_at, origin) without bodies. ' +
  '`origin` is `state` for state-backed entries, `fs` for filesystem-backed.'
const PROMPTS_LIST_V024 =
  'List registered prompts (name, function_id, arg count, registered_at, origin). ' +
  '`origin` is `state` for state-backed entries, `fs` for filesystem-backed.'
const SKILL_ORIGIN_DOC =
  '`"state"` for state-backed skills (`skills::register`), `"fs"` for filesystem-backed entries loaded via the ' +
  '`skills:` glob patterns. Lets clients distinguish the two without a separate query.'
const PROMPT_ORIGIN_DOC =
  '`"state"` for state-backed prompts (`prompts::register`), `"fs"` for filesystem-backed entries loaded from ' +
  '`prompts:` glob patterns. Mirrors the `skills::list` shape.'

function addOrigin(schema: Json, entry: string, doc: string): void {
  const definition = (schema.definitions as Record<string, Json>)[entry] as Json
  const properties = definition.properties as Record<string, Json>
  definition.properties = Object.fromEntries(
    Object.entries({ ...properties, origin: { description: doc, type: 'string' } }).sort(([a], [b]) =>
      a < b ? -1 : 1,
    ),
  )
  definition.required = [...(definition.required as string[]), 'origin'].sort()
}

function v024(): Map<string, ReferenceFunction> {
  const reference = structuredClone(v022)
  const byName = new Map(reference.functions.map((f) => [f.name, f]))
  const skillsList = byName.get('skills::list') as ReferenceFunction
  skillsList.description = SKILLS_LIST_V024
  addOrigin(skillsList.response_schema, 'SkillEntry', SKILL_ORIGIN_DOC)
  const promptsList = byName.get('prompts::list') as ReferenceFunction
  promptsList.description = PROMPTS_LIST_V024
  addOrigin(promptsList.response_schema, 'PromptEntry', PROMPT_ORIGIN_DOC)
  ;(byName.get('skill::fetch') as ReferenceFunction).metadata = { tool: { label: 'Fetch skill' } }
  // E7.4: an optional token budget, the one addition to the upstream request (absent, null: as upstream).
  for (const id of ['skills::fetch_skill', 'skill::fetch']) {
    const request = (byName.get(id) as ReferenceFunction).request_schema
    request.properties = {
      max_tokens: {
        description: 'Token budget (o200k_base), 16 to 1000000: the joined text is cut at the last block boundary within it ' +
          'and ends with a line saying how to read on.',
        maximum: 1000000,
        minimum: 16,
        type: ['integer', 'null'],
      },
      ...(request.properties as Json),
    }
  }
  return byName
}

const expected = v024()
const ids = FUNCTIONS.map((f) => f.id)

function pair(id: string) {
  const published = FUNCTION_BY_ID.get(id)
  const reference = expected.get(id)
  if (published === undefined || reference === undefined) throw new Error(`${id} is missing on one side`)
  return { published, reference }
}

describe('published function formats', () => {
  it('registers the 13 functions in upstream order', () => {
    expect(ids).toEqual([
      'skills::register',
      'skills::unregister',
      'skills::list',
      'skills::resources-list',
      'skills::resources-read',
      'skills::resources-templates',
      'skills::fetch_skill',
      'skill::fetch',
      'prompts::register',
      'prompts::unregister',
      'prompts::list',
      'prompts::mcp-list',
      'prompts::mcp-get',
    ])
  })

  it('covers exactly the functions of the API reference', () => {
    expect([...ids].sort()).toEqual(v022.functions.map((f) => f.name).sort())
  })

  it.each(ids)('%s request_format equals the reference byte for byte', (id) => {
    const { published, reference } = pair(id)
    expect(JSON.stringify(published.request_format)).toBe(JSON.stringify(reference.request_schema))
  })

  it.each(ids)('%s response_format equals the reference byte for byte', (id) => {
    const { published, reference } = pair(id)
    expect(JSON.stringify(published.response_format)).toBe(JSON.stringify(reference.response_schema))
  })

  it.each(ids)('%s has the v0.2.4 description', (id) => {
    const { published, reference } = pair(id)
    expect(published.description).toBe(reference.description)
  })

  it.each(ids)('%s has the D6 metadata', (id) => {
    const { published, reference } = pair(id)
    expect(published.metadata).toEqual(reference.metadata)
  })

  it('changes exactly the two list descriptions from v0.2.2', () => {
    const changed = v022.functions.filter((f) => FUNCTION_BY_ID.get(f.name)?.description !== f.description)
    expect(changed.map((f) => f.name).sort()).toEqual(['prompts::list', 'skills::list'])
  })

  it('publishes origin as a required string of both list entries', () => {
    const skillEntry = (FUNCTION_BY_ID.get('skills::list')?.response_format.definitions as Record<string, Json>)
      .SkillEntry as Json
    const promptEntry = (FUNCTION_BY_ID.get('prompts::list')?.response_format.definitions as Record<string, Json>)
      .PromptEntry as Json
    expect(skillEntry.required).toEqual(['bytes', 'id', 'origin', 'registered_at'])
    expect(promptEntry.required).toEqual(['arguments', 'function_id', 'name', 'origin', 'registered_at'])
  })

  it('gives skills::fetch_skill and skill::fetch the same input and output schemas', () => {
    const internal = FUNCTION_BY_ID.get('skills::fetch_skill')
    const alias = FUNCTION_BY_ID.get('skill::fetch')
    expect(alias?.input).toBe(internal?.input)
    expect(alias?.output).toBe(internal?.output)
  })

  it('registers the two trigger types with the reference descriptions', () => {
    expect(TRIGGER_TYPES.map((t) => t.id)).toEqual(['skills::on-change', 'prompts::on-change'])
    for (const trigger of TRIGGER_TYPES) {
      expect(trigger.description).toBe(v022.triggers.find((t) => t.name === trigger.id)?.description)
    }
  })

  it('keeps the fixture copy of the reference identical to the shared spec', () => {
    const shared = existsSync(sharedCopy) ? readFileSync(sharedCopy, 'utf8') : readFileSync(fixtureCopy, 'utf8')
    expect(readFileSync(fixtureCopy, 'utf8')).toBe(shared)
  })
})
