import { describe, expect, it } from 'vitest'
import { discoveryFields, idOfName, namespaceOf, protocolName } from '../../src/core/discovery.js'

describe('protocol names', () => {
  it.each([
    ['pdf', 'pdf', 'pdf'],
    ['acme/billing', 'acme.billing', 'acme'],
    ['a/b/c', 'a.b.c', 'a'],
  ])('id %s <=> name %s, namespace %s', (id, name, namespace) => {
    expect(protocolName(id)).toBe(name)
    expect(idOfName(name)).toBe(id)
    expect(namespaceOf(id)).toBe(namespace)
  })

  it('maps no name holding a slash to an id', () => {
    expect(idOfName('acme/billing')).toBeUndefined()
  })
})

describe('discoveryFields', () => {
  it.each([
    [{}, {}],
    [{ metadata: { version: '2.0.0' }, version: '1.0.0' }, { version: '2.0.0' }],
    [{ metadata: { version: 2 }, version: '1.0.0' }, { version: '1.0.0' }],
    [{ metadata: 'x', version: 1 }, {}],
    [{ description: '  Bills.\n' }, { description: 'Bills.' }],
    [{ description: 42 }, {}],
    [{ tags: ['a', 'b'] }, { tags: ['a', 'b'] }],
    [{ tags: ['a', 1] }, {}],
    [{ tags: 'a' }, {}],
  ])('%j => %j', (frontmatter, fields) => {
    expect(discoveryFields(frontmatter)).toEqual(fields)
  })
})
