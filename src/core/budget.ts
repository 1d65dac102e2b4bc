/**
 * Token budgets (E7.4): where to cut a text so that the part from `from` on holds at most `max`
 * tokens. The cut is the last block boundary (blank line or heading, outside fences) that fits; only
 * when one block alone is over the budget does it fall back to the last line start that fits, and
 * then to the longest token-exact prefix, so every page makes progress and stays within budget.
 */
import { blockBoundaries, lineBoundaries } from './outline.js'
import type { Tokenizer } from './tokens.js'

export function cutWithin(text: string, from: number, max: number, tok: Tokenizer): number {
  const fits = (end: number) => tok.count(text.slice(from, end)) <= max
  if (fits(text.length)) return text.length
  const byBlock = lastFitting(blockBoundaries(text).filter((b) => b > from && b < text.length), fits)
  if (byBlock !== undefined) return byBlock
  const byLine = lastFitting(lineBoundaries(text).filter((b) => b > from && b < text.length), fits)
  if (byLine !== undefined) return byLine
  return from + tok.prefixWithin(text.slice(from), max).length
}

/**
 * The last candidate (ascending) that fits, assuming fit is monotone (a longer prefix never has
 * fewer tokens): an exponential probe bounds it, then a binary search finds it, so the slices
 * counted stay about the size of the page rather than of the whole remaining text.
 */
function lastFitting(candidates: number[], fits: (end: number) => boolean): number | undefined {
  if (candidates.length === 0 || !fits(candidates[0]!)) return undefined
  let good = 0
  let step = 1
  while (good + step < candidates.length && fits(candidates[good + step]!)) {
    good += step
    step *= 2
  }
  let bad = Math.min(good + step, candidates.length)
  while (bad - good > 1) {
    const mid = (good + bad) >>> 1
    if (fits(candidates[mid]!)) good = mid
    else bad = mid
  }
  return candidates[good]
}
