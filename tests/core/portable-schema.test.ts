import { describe, expect, it } from 'vitest'
import { portableSchema } from '../../src/core/portable-schema.js'

describe('portableSchema (E18.4)', () => {
  it.each([
    ['a nullable field', { type: ['string', 'null'], description: 'd' }, { type: 'string', description: 'd' }],
    ['a plain field', { type: 'integer', minimum: 1 }, { type: 'integer', minimum: 1 }],
    ['two types besides null', { type: ['string', 'number', 'null'] }, { anyOf: [{ type: 'string' }, { type: 'number' }] }],
    ['an anyOf with a null branch', { anyOf: [{ $ref: '#/definitions/A' }, { type: 'null' }], description: 'd' }, { description: 'd', $ref: '#/definitions/A' }],
    ['an anyOf of two kept branches', { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] }, { anyOf: [{ type: 'string' }, { type: 'integer' }] }],
    ['an enum with null', { enum: ['a', null] }, { enum: ['a'] }],
    [
      'nested properties, items and definitions',
      { type: 'object', properties: { a: { type: ['array', 'null'], items: { type: ['string', 'null'] } } }, definitions: { B: { type: ['boolean', 'null'] } } },
      { type: 'object', properties: { a: { type: 'array', items: { type: 'string' } } }, definitions: { B: { type: 'boolean' } } },
    ],
  ])('maps %s', (_label, schema, portable) => {
    const before = JSON.stringify(schema)
    expect(portableSchema(schema)).toEqual(portable)
    expect(JSON.stringify(schema)).toBe(before)
  })
})
