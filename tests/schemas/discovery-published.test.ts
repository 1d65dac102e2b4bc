import { describe, expect, it } from 'vitest'
import { EXTENSION_FUNCTIONS, FUNCTION_BY_ID, FUNCTIONS } from '../../src/functions/registry.js'

const ids = EXTENSION_FUNCTIONS.map((f) => f.id)
// E5: an internal function has a `skills::` id and {internal: true}; a public one a `skill::` id.
const INTERNAL = ids.filter((id) => id.startsWith('skills::'))
const publicIds = ids.filter((id) => !INTERNAL.includes(id))
const spec = (id: string) => FUNCTION_BY_ID.get(id)!

describe('published Skills Protocol functions (E2)', () => {
  it('registers the discovery functions besides, not among, the 13 upstream ones', () => {
    expect(publicIds.slice(0, 3)).toEqual(['skill::list_skills', 'skill::describe_skill', 'skill::read_skill_file'])
    expect(FUNCTIONS).toHaveLength(13)
    expect(FUNCTIONS.map((f) => f.id).filter((id) => ids.includes(id))).toEqual([])
  })

  it('names every extension function skill:: (public) or skills:: (internal)', () => {
    expect(ids.filter((id) => !id.startsWith('skill::') && !id.startsWith('skills::'))).toEqual([])
    expect(INTERNAL.length).toBeGreaterThan(0)
    expect(publicIds.length).toBeGreaterThan(0)
  })

  it.each(publicIds)('%s is public: no internal metadata', (id) => {
    expect(spec(id).metadata).toEqual({})
  })

  it.each(INTERNAL)('%s is internal (E5): metadata {internal: true}, a skills:: id no tool list shows', (id) => {
    expect(spec(id).metadata).toEqual({ internal: true })
  })

  it('publishes the list_skills request with its bounds and defaults', () => {
    expect(spec('skill::list_skills').request_format).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'ListSkillsRequest',
      type: 'object',
      properties: {
        namespace: { type: ['string', 'null'] },
        detail: { type: 'string', enum: ['names', 'summary'], default: 'names' },
        limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
        cursor: { type: ['string', 'null'] },
      },
    })
    expect(spec('skill::list_skills').request_format).not.toHaveProperty('required')
  })

  it('publishes the list_skills response with a ProtocolSkill definition', () => {
    expect(spec('skill::list_skills').response_format).toMatchObject({
      title: 'ListSkillsResponse',
      required: ['next_cursor', 'skills'],
      properties: { skills: { type: 'array', items: { $ref: '#/definitions/ProtocolSkill' } }, next_cursor: { type: ['string', 'null'] } },
      definitions: { ProtocolSkill: { required: ['name', 'version'] } },
    })
  })

  it('publishes describe_skill and read_skill_file with their required fields', () => {
    expect(spec('skill::describe_skill').request_format).toMatchObject({
      title: 'DescribeSkillRequest',
      required: ['name'],
      properties: { detail: { enum: ['manifest', 'summary', 'full'], default: 'summary' }, version: { type: ['string', 'null'] } },
    })
    expect(spec('skill::describe_skill').response_format).toMatchObject({
      title: 'DescribeSkillResponse',
      properties: { skill: { required: ['digest', 'manifest', 'tokens'], properties: { skill_md_frontmatter: { type: 'object', additionalProperties: {} } } } },
    })
    expect(spec('skill::read_skill_file').request_format).toMatchObject({ title: 'ReadSkillFileRequest', required: ['name', 'path'] })
    expect(spec('skill::read_skill_file').response_format).toMatchObject({ title: 'ReadSkillFileResponse', properties: { content: { type: 'string' }, not_modified: { const: true }, digest: { type: 'string' } } })
  })

  it('parses input with the same schema it publishes', () => {
    const list = spec('skill::list_skills')
    expect(list.input.parse({ _caller_worker_id: 'x' })).toEqual({ detail: 'names', limit: 50 })
  })
})
