import { describe, expect, it } from 'vitest'
import { parsePromptFrontmatter } from '../../src/fs/prompt-files.js'

describe('parsePromptFrontmatter', () => {
  it.each([
    ['name and description', 'name: open-pr\ndescription: Open a PR.', { name: 'open-pr', description: 'Open a PR.' }],
    ['other keys are ignored', 'description: d\ntags: [a, b]\nnested: {x: 1}', { description: 'd' }],
    ['an empty document is an empty mapping', '', {}],
    ['a comment-only document is an empty mapping', '# nothing here', {}],
    ['plain scalars keep their source text', 'name: 0x1F\ndescription: 1.0', { name: '0x1F', description: '1.0' }],
    ['booleans become their text', 'description: true', { description: 'true' }],
    ['quoted and block scalars', 'name: "q"\ndescription: |\n  line 1\n  line 2\n', { name: 'q', description: 'line 1\nline 2\n' }],
    ['null values mean absent', 'name: ~\ndescription: null\nx:', {}],
    ['an empty value means absent', 'name:\ndescription: d', { description: 'd' }],
    ['an alias is resolved', 'x: &d shared text\ndescription: *d', { description: 'shared text' }],
    ['CRLF frontmatter', 'name: x\r\ndescription: y\r', { name: 'x', description: 'y' }],
  ])('%s', (_name, text, frontmatter) => {
    expect(parsePromptFrontmatter(text)).toEqual({ frontmatter })
  })

  it.each([
    ['a sequence document', '- a\n- b', 'invalid type: sequence, expected struct PromptFrontmatter'],
    ['a string document', 'just text', 'invalid type: string "just text", expected struct PromptFrontmatter'],
    ['a null document', '~', 'invalid type: unit value, expected struct PromptFrontmatter'],
    ['a number document', '42', 'invalid type: integer `42`, expected struct PromptFrontmatter'],
    ['a sequence as name', 'name: [a, b]\ndescription: d', 'name: invalid type: sequence, expected a string at line 1 column 7'],
    ['a mapping as description', 'name: x\ndescription:\n  k: v', 'description: invalid type: map, expected a string at line 3 column 3'],
    ['a duplicate field', 'name: a\nname: b', 'duplicate field `name`'],
    ['a syntax error', 'name: [a', 'Flow sequence in block collection must be sufficiently indented and end with a ] at line 1 column 9'],
    ['multiple documents', 'a: 1\n---\nb: 2', 'Source contains multiple documents; please use YAML.parseAllDocuments() at line 2 column 1'],
  ])('rejects %s', (_name, text, error) => {
    expect(parsePromptFrontmatter(text)).toEqual({ error })
  })

  it('does not expand an alias bomb under an ignored key', () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]']
    for (let i = 1; i < 12; i++) levels.push(`${'abcdefghijklmnop'[i]}: &${'abcdefghijklmnop'[i]} [${Array(10).fill(`*${'abcdefghijklmnop'[i - 1]}`).join(',')}]`)
    const started = Date.now()
    expect(parsePromptFrontmatter(`${levels.join('\n')}\ndescription: bombproof`)).toEqual({
      frontmatter: { description: 'bombproof' },
    })
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('rejects an alias bomb used as a field value by its type, without expanding it', () => {
    const text = 'a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\ndescription: *b'
    expect(parsePromptFrontmatter(text)).toEqual({
      error: 'description: invalid type: sequence, expected a string at line 2 column 7',
    })
  })

  it('refuses frontmatter over 64 KiB before parsing it', () => {
    const text = Array.from({ length: 100_000 }, (_, i) => `k${i}: 1`).join('\n')
    const started = Date.now()
    expect(parsePromptFrontmatter(text)).toEqual({
      error: `frontmatter too large (${Buffer.byteLength(text)} bytes; max 65536)`,
    })
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it.each([
    ['flow collections', `${'['.repeat(30_000)}${']'.repeat(30_000)}`],
    ['compact sequences', `${'- '.repeat(30_000)}x`],
    ['flow mappings under a key', `description: ${'{a: '.repeat(129)}b${'}'.repeat(129)}`],
  ])('refuses %s nested deeper than 128 levels without composing them', (_name, text) => {
    expect(parsePromptFrontmatter(text)).toEqual({ error: 'recursion limit exceeded' })
  })

  it('accepts nesting up to the limit under an ignored key', () => {
    const text = `deep: ${'['.repeat(127)}${']'.repeat(127)}\ndescription: d`
    expect(parsePromptFrontmatter(text)).toEqual({ frontmatter: { description: 'd' } })
  })
})
