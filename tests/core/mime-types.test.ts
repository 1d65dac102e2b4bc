/** E13.2: a file's MIME type comes from the maintained table; the shortcuts that spare loading it say what it says. */
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { MIME_SHORTCUTS, mimeTypeOf, textMimeTypeOf } from '../../src/core/sep-skill.js'

const table = createRequire(import.meta.url)('mime-types') as { lookup(path: string): string | false }

describe('mimeTypeOf', () => {
  it.each(Object.keys(MIME_SHORTCUTS))('types .%s as the table does', (extension) => {
    expect(mimeTypeOf(`skill/SKILL.${extension}`)).toBe(table.lookup(`SKILL.${extension}`))
    expect(mimeTypeOf(`skill/NOTES.${extension.toUpperCase()}`)).toBe(table.lookup(`SKILL.${extension}`))
  })

  it.each([
    ['references/guide.pdf', 'application/pdf'],
    ['assets/logo.png', 'image/png'],
    ['scripts/run.py', 'text/x-python'],
    ['scripts/build.ts', 'text/typescript'],
    ['data.bin', 'application/octet-stream'],
    ['LICENSE', 'application/octet-stream'],
  ])('types %s as %s', (path, type) => {
    expect(mimeTypeOf(path)).toBe(type)
  })

  it('serves text with no table type as text/plain', () => {
    expect(textMimeTypeOf('LICENSE')).toBe('text/plain')
    expect(textMimeTypeOf('SKILL.md')).toBe('text/markdown')
  })
})
