/**
 * serde_json refuses documents nested 128 levels deep (its recursion budget starts at 128 and fails
 * when it reaches 0, so 127 levels is the most that decodes). The real engine drops such frames;
 * we must too, and must find out WITHOUT recursing: an iterative scan of the raw text, before
 * JSON.parse, so a 100k-level frame costs one linear pass and no stack.
 */
export const SERDE_MAX_DEPTH = 127

/**
 * Deepest array/object nesting in `text`, ignoring brackets inside strings. Strings are skipped with
 * `indexOf` rather than char by char: a frame is mostly string content (a skill body, an index page),
 * and this scan runs on every frame the engine reads.
 */
export function maxNestingDepth(text: string): number {
  let depth = 0
  let max = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x22) {
      const end = closingQuote(text, i)
      if (end < 0) return max
      i = end
    } else if (c === 0x5b || c === 0x7b) {
      depth++
      if (depth > max) max = depth
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return max
}

// The index of the quote closing the string opened at `open`, or -1 if it is never closed.
function closingQuote(text: string, open: number): number {
  let from = open + 1
  for (;;) {
    const quote = text.indexOf('"', from)
    if (quote < 0) return -1
    let backslashes = 0
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++
    if (backslashes % 2 === 0) return quote
    from = quote + 1
  }
}

export function exceedsSerdeDepth(text: string): boolean {
  return maxNestingDepth(text) > SERDE_MAX_DEPTH
}
