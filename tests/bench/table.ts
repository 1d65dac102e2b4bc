/**
 * Renders benchmark rows as a GitHub-flavoured markdown table, so the same text is readable in a
 * terminal and pastes straight into the README. Numbers get a fixed, magnitude-aware precision.
 */

export interface Column<Row> {
  header: string
  align: 'left' | 'right'
  cell(row: Row): string
}

// 0.4321 => "0.43"; 12.345 => "12.3"; 1234.5 => "1235"
export function formatMs(ms: number): string {
  if (ms < 10) return ms.toFixed(2)
  if (ms < 100) return ms.toFixed(1)
  return ms.toFixed(0)
}

// 512 => "512 B"; 2048 => "2.0 KiB"; 3_500_000 => "3.34 MiB"
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`
  return `${(bytes / (1024 * 1024)).toFixed(2)} MiB`
}

// 1234.5 => "1235"; 12.34 => "12.3"
export function formatRate(perSecond: number): string {
  return perSecond >= 100 ? perSecond.toFixed(0) : perSecond.toFixed(1)
}

// 2.345 => "2.35×"; undefined => "–"
export function formatRatio(value: number | undefined): string {
  return value === undefined ? '–' : `${value.toFixed(2)}×`
}

export function renderTable<Row>(columns: Column<Row>[], rows: Row[]): string {
  const cells = rows.map((row) => columns.map((c) => c.cell(row)))
  const widths = columns.map((c, i) => Math.max(c.header.length, 3, ...cells.map((r) => (r[i] as string).length)))
  const line = (values: string[]) =>
    `| ${values.map((v, i) => pad(v, widths[i] as number, (columns[i] as Column<Row>).align)).join(' | ')} |`
  const rule = `|${columns.map((c, i) => {
    const dashes = '-'.repeat(widths[i] as number)
    return c.align === 'right' ? ` ${dashes.slice(1)}: ` : ` ${dashes} `
  }).join('|')}|`
  return [line(columns.map((c) => c.header)), rule, ...cells.map(line)].join('\n') + '\n'
}

function pad(value: string, width: number, align: 'left' | 'right'): string {
  const gap = ' '.repeat(Math.max(0, width - [...value].length))
  return align === 'right' ? gap + value : value + gap
}
