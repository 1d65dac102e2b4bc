import { describe, expect, it } from 'vitest'
import { splitFrontmatter } from '../../src/core/frontmatter.js'

describe('splitFrontmatter', () => {
  it.each([
    ['no frontmatter keeps the whole content as body', '# Title\nbody\n', undefined, '# Title\nbody\n'],
    ['a block followed by a body', '---\nname: open-pr\n---\nThe body.\n', 'name: open-pr', 'The body.\n'],
    ['a block with nothing after it', '---\nname: x\ndescription: y\n---\n', 'name: x\ndescription: y', ''],
    ['a closing fence at end of file without newline', '---\nfoo: bar\n---', 'foo: bar', ''],
    ['a closing fence at end of file followed by CR', '---\nfoo: bar\n---\r', 'foo: bar', ''],
    ['CRLF line endings keep the CR inside the frontmatter', '---\r\nname: x\r\n---\r\nbody\r\n', 'name: x\r', 'body\r\n'],
    ['a CRLF closer after an LF opener', '---\nname: x\n---\r\nbody', 'name: x', 'body'],
    ['the first closer wins', '---\na: 1\n---\nb\n---\nc', 'a: 1', 'b\n---\nc'],
    ['an LF closer is preferred over an earlier CRLF closer', '---\na\n---\r\nb\n---\nc', 'a\n---\r\nb', 'c'],
    ['the body is not trimmed', '---\na: 1\n---\n\n\n  body  \n\n', 'a: 1', '\n\n  body  \n\n'],
    ['a fence with trailing spaces is not a closer', '---\na: 1\n---  \nbody\n', undefined, '---\na: 1\n---  \nbody\n'],
    ['a longer dash run is not a closer', '---\na: 1\n----\nbody', undefined, '---\na: 1\n----\nbody'],
  ])('%s', (_name, content, frontmatter, body) => {
    expect(splitFrontmatter(content)).toEqual({ frontmatter, body })
  })

  it.each([
    ['an unclosed block', '---\nname: x\nbody without closing fence\n'],
    ['an empty block', '---\n---\nbody\n'],
    ['an empty CRLF block', '---\r\n---\r\nbody\r\n'],
    ['a block after a leading BOM', '\uFEFF---\nname: x\n---\nbody\n'],
    ['a --- line later in the file', '# header\n---\nname: x\n---\nbody\n'],
    ['an opener without a line break', '---name: x\n---\nbody'],
    ['a file that is only the opener', '---\n'],
    ['a file that is only a fence', '---'],
    ['an empty file', ''],
  ])('treats %s as no frontmatter', (_name, content) => {
    expect(splitFrontmatter(content)).toEqual({ frontmatter: undefined, body: content })
  })

  it('recognises "\\n---" at end of file right after the opener line', () => {
    expect(splitFrontmatter('---\n\n---')).toEqual({ frontmatter: '', body: '' })
  })

  it('recognises a block whose only line is blank', () => {
    expect(splitFrontmatter('---\n\n---\nbody')).toEqual({ frontmatter: '', body: 'body' })
  })
})
