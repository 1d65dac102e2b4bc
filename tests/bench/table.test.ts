import { describe, expect, it } from 'vitest'
import { formatBytes, formatMs, formatRate, formatRatio, renderTable, type Column } from './table.js'

describe('number formats', () => {
  it.each([
    [0.4321, '0.43'],
    [9.999, '10.00'],
    [12.345, '12.3'],
    [1234.5, '1235'],
  ])('formatMs(%d) = %s', (ms, text) => {
    expect(formatMs(ms)).toBe(text)
  })

  it.each([
    [512, '512 B'],
    [2048, '2.0 KiB'],
    [3_500_000, '3.34 MiB'],
  ])('formatBytes(%d) = %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text)
  })

  it.each([
    [1234.5, '1235'],
    [12.34, '12.3'],
  ])('formatRate(%d) = %s', (rate, text) => {
    expect(formatRate(rate)).toBe(text)
  })

  it.each([
    [2.345, '2.35×'],
    [undefined, '–'],
  ])('formatRatio(%s) = %s', (value, text) => {
    expect(formatRatio(value)).toBe(text)
  })
})

describe('renderTable', () => {
  const columns: Column<{ name: string; ms: number }>[] = [
    { header: 'operation', align: 'left', cell: (r) => r.name },
    { header: 'ms', align: 'right', cell: (r) => formatMs(r.ms) },
  ]

  it('pads every cell to its column and marks right-aligned columns in the rule', () => {
    expect(renderTable(columns, [{ name: 'list', ms: 1.5 }, { name: 'index page', ms: 123 }])).toBe(
      '| operation  |   ms |\n' +
      '| ---------- | ---: |\n' +
      '| list       | 1.50 |\n' +
      '| index page |  123 |\n',
    )
  })

  it('renders the header alone for no rows', () => {
    expect(renderTable(columns, [])).toBe('| operation |  ms |\n| --------- | --: |\n')
  })
})
