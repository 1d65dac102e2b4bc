import { describe, expect, it } from 'vitest'
import { decodeFrontmatterWithData, frontmatterOf } from '../../src/core/frontmatter-yaml.js'

describe('decodeFrontmatterWithData', () => {
  it('decodes the two fields and the whole mapping from one parse', () => {
    expect(decodeFrontmatterWithData('name: x\ndescription: 12\nnested: {a: [1, true, null]}\ninf: .inf', 'struct S')).toEqual({
      frontmatter: { name: 'x', description: '12' },
      data: { name: 'x', description: 12, nested: { a: [1, true, null] }, inf: null },
    })
  })

  it('names the struct when the document is not a mapping', () => {
    expect(decodeFrontmatterWithData('[a]', 'struct SkillFrontmatter')).toEqual({
      error: 'invalid type: sequence, expected struct SkillFrontmatter',
    })
  })

  it('refuses an alias bomb instead of expanding it into the mapping', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]']
    for (const [i, name] of [...'bcdefghijk'].entries()) levels.push(`${name}: &${name} [${Array(10).fill(`*${'abcdefghijk'[i]}`).join(', ')}]`)
    const decoded = decodeFrontmatterWithData(`${levels.join('\n')}\ndescription: d`, 'struct S')
    expect(decoded).toEqual({ error: 'Excessive alias count indicates a resource exhaustion attack' })
  })
})

describe('frontmatterOf', () => {
  it.each([
    ['no block', '# Title\n', {}],
    ['a block with a mapping', '---\nversion: "1.0.0"\ntags: [a]\n---\nbody', { version: '1.0.0', tags: ['a'] }],
    ['a block that does not parse', '---\nversion: [\n---\nbody', {}],
    ['a block that is a list', '---\n- a\n---\nbody', {}],
    ['an empty document', '---\n# only a comment\n---\nbody', {}],
  ])('%s', (_name, markdown, expected) => {
    expect(frontmatterOf(markdown)).toEqual(expected)
  })
})
