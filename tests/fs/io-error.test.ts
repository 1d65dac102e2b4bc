import { describe, expect, it } from 'vitest'
import { ioErrorText, ioErrorTextFor } from '../../src/fs/io-error.js'

describe('ioErrorText', () => {
  it.each([
    ['ENOENT', 'No such file or directory (os error 2)'],
    ['EACCES', 'Permission denied (os error 13)'],
    ['EISDIR', 'Is a directory (os error 21)'],
    ['ELOOP', 'Too many levels of symbolic links (os error 40)'],
    ['ENOTDIR', 'Not a directory (os error 20)'],
    ['EMFILE', 'Too many open files (os error 24)'],
    ['ENAMETOOLONG', 'File name too long (os error 36)'],
  ])('renders %s like Rust io::Error', (code, text) => {
    expect(ioErrorTextFor(code)).toBe(text)
  })

  it('falls back to the code for errors without a known text', () => {
    expect(ioErrorText(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe('ECONNRESET (os error 104)')
  })

  it('uses the message of errors without a code', () => {
    expect(ioErrorText(new Error('plain failure'))).toBe('plain failure')
    expect(ioErrorText('text')).toBe('text')
  })
})
