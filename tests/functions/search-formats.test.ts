import { describe, expect, it } from 'vitest'
import { formatEquivalents, formats } from '../../src/core/search-formats.js'

describe('file formats and the programs that name them, from the MIME database (E23.3)', () => {
  it('lets a program or format name stand for its extensions', () => {
    expect(formatEquivalents('excel')).toEqual(expect.arrayContaining(['xls', 'xlsx', 'xlsm']))
    expect(formatEquivalents('powerpoint')).toEqual(expect.arrayContaining(['ppt', 'pptx']))
    expect(formatEquivalents('word')).toEqual(expect.arrayContaining(['doc', 'docx']))
  })

  it('joins a media type with its variants and the Office Open XML form of an extension', () => {
    const excel = formats().find((format) => format.names.includes('excel'))
    expect(excel?.extensions).toEqual(expect.arrayContaining(['xls', 'xlsb', 'xlsm', 'xlsx']))
  })

  it('never lets an extension, or a word of many formats, stand for anything', () => {
    expect(formatEquivalents('xlsx')).toEqual([])
    expect(formatEquivalents('list')).toEqual([])
    expect(formatEquivalents('template')).toEqual([])
    expect(formatEquivalents('vnd')).toEqual([])
  })
})
