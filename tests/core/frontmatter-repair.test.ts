import { describe, expect, it } from 'vitest'
import { quoteColonValues } from '../../src/core/frontmatter-yaml.js'
import { decodeRepairedFrontmatter, frontmatterOf } from '../../src/core/frontmatter-yaml.js'

describe('the E5.1 YAML repair', () => {
  it('quotes each top-level unquoted value holding ": ", and nothing else', () => {
    expect(quoteColonValues('name: pdf\ndescription: Use when: the user asks\nnote: "a: b"\nmeta:\n  k: v: w\nurl: http://x')).toEqual({
      text: 'name: pdf\ndescription: "Use when: the user asks"\nnote: "a: b"\nmeta:\n  k: v: w\nurl: http://x',
      quoted: 1,
    })
  })

  it('decodes a block that only parses repaired, counting the values quoted', () => {
    const decoded = decodeRepairedFrontmatter('name: pdf\ndescription: Fill forms. Use when: a PDF arrives\nlicense: MIT', 'struct SkillFrontmatter')
    expect(decoded).toMatchObject({ repaired: 1, data: { name: 'pdf', description: 'Fill forms. Use when: a PDF arrives', license: 'MIT' } })
  })

  it('leaves a block that parses as written alone, and keeps the first error when the repair does not help', () => {
    expect(decodeRepairedFrontmatter('name: pdf\ndescription: ok', 'struct SkillFrontmatter')).not.toHaveProperty('repaired')
    expect(decodeRepairedFrontmatter('name: [unclosed\ndescription: x: y', 'struct SkillFrontmatter')).toHaveProperty('error')
  })

  it('gives E2 the repaired frontmatter too', () => {
    expect(frontmatterOf('---\ndescription: Use when: asked\n---\n# X\n')).toEqual({ description: 'Use when: asked' })
  })
})
