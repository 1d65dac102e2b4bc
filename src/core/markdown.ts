/**
 * Title and first-paragraph extraction for the index and resource names (§3), and the code-point
 * truncation the index applies to descriptions (D1). Lines split as Rust `str::lines` does and are
 * trimmed with Rust whitespace semantics, so titles match what upstream shows.
 */
import { trim, trimStart } from './text.js'

const ELLIPSIS = '...'

// Lazily, so a title or first paragraph near the top does not cost a split of the whole body.
function* lines(markdown: string): Generator<string> {
  let start = 0
  while (start <= markdown.length) {
    let end = markdown.indexOf('\n', start)
    if (end < 0) end = markdown.length
    const line = markdown.slice(start, end)
    yield line.endsWith('\r') ? line.slice(0, -1) : line
    start = end + 1
  }
}

// "  # My skill \nbody" => "My skill"; "# " => ""; "## Sub" and "#Title" => undefined
export function extractTitle(markdown: string): string | undefined {
  for (const line of lines(markdown)) {
    const start = trimStart(line)
    if (start.startsWith('# ')) return trim(start.slice(2))
  }
  return undefined
}

// "# t\n\n## sub\n\nfirst\nline\n\nsecond" => "first line" (the whole paragraph, uncapped: D1)
export function extractDescription(markdown: string): string | undefined {
  const parts: string[] = []
  for (const line of lines(markdown)) {
    const text = trim(line)
    if (text === '' || text.startsWith('#')) {
      if (parts.length > 0) break
      continue
    }
    parts.push(text)
  }
  return parts.length === 0 ? undefined : parts.join(' ')
}

/** Keeps the first `max` code points and appends `...` when there are more; else unchanged. */
export function truncateChars(text: string, max: number): string {
  let count = 0
  let end = 0
  for (const ch of text) {
    if (count === max) return text.slice(0, end) + ELLIPSIS
    count++
    end += ch.length
  }
  return text
}
