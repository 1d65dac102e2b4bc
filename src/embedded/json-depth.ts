/**
 * serde_json refuses documents nested 128 levels deep (its recursion budget starts at 128 and fails
 * when it reaches 0, so 127 levels is the most that decodes). The real engine drops such frames;
 * we must too, and must find out WITHOUT recursing: an iterative scan of the raw text, before
 * JSON.parse, so a 100k-level frame costs one linear pass and no stack.
 */
export const SERDE_MAX_DEPTH = 127

/** Deepest array/object nesting in `text`, ignoring brackets inside strings. */
export function maxNestingDepth(text: string): number {
  let depth = 0
  let max = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++ // backslash: skip the escaped char
      else if (c === 0x22) inString = false
      continue
    }
    if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      depth++
      if (depth > max) max = depth
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return max
}

export function exceedsSerdeDepth(text: string): boolean {
  return maxNestingDepth(text) > SERDE_MAX_DEPTH
}
