import { describe, expect, it } from 'vitest'
import { decodeToolName, encodeToolName } from '../../src/core/index.js'
import { inputSchemaOf } from '../../src/mcp/tools.js'

describe('tool names', () => {
  it.each([
    ['skill::fetch', 'skill__fetch'],
    ['a::b::c::d', 'a__b__c__d'],
    ['plain', 'plain'],
    ['a:b', 'a:b'],
  ])('%s ⇄ %s', (functionId, toolName) => {
    expect([encodeToolName(functionId), decodeToolName(toolName)]).toEqual([toolName, functionId])
  })

  it('decodes every double underscore, so an id containing __ cannot round-trip', () => {
    expect(decodeToolName(encodeToolName('my__fn::x'))).toBe('my::fn::x')
  })
})

describe('inputSchemaOf', () => {
  it.each([
    ['undefined', undefined, { type: 'object', properties: {} }],
    ['null', null, { type: 'object', properties: {} }],
    ['an array', [], { type: 'object', properties: {} }],
    ['a string', 'x', { type: 'object', properties: {} }],
    ['an empty object', {}, { type: 'object' }],
    ['a non-object type', { type: ['object', 'null'], properties: { a: {} } }, { type: 'object', properties: { a: {} } }],
    [
      'envelope keys',
      { name: 'n', description: 'd', title: 'T', $schema: 's', required: ['a'], properties: { name: { type: 'string' }, description: {} } },
      { type: 'object', title: 'T', $schema: 's', required: ['a'], properties: { name: { type: 'string' }, description: {} } },
    ],
  ])('maps %s', (_label, format, schema) => {
    expect(inputSchemaOf(format)).toEqual(schema)
  })
})
