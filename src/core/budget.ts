/**
 * Token budgets (E7.4): where to cut a text so that the part from `from` on holds at most `max`
 * tokens. The cut is the last block boundary (blank line or heading, outside fences) that fits; only
 * when one block alone is over the budget does it fall back to the last line start that fits, and
 * then to the longest token-exact prefix, so every page makes progress and stays within budget.
 */
import { blockBoundaries, lineBoundaries } from './outline.js'
import { TextMemo } from './text-memo.js'
import type { Tokenizer } from './tokens.js'

/** A text's cut points and the cuts made in it so far (`from:max` => end): pages of one file are read again and again. */
interface Plan {
  blocks: number[]
  cuts: Map<string, number>
}

const plans = new TextMemo<Plan>(8 * 1024 * 1024)

export async function cutWithin(text: string, from: number, max: number, tok: Tokenizer): Promise<number> {
  const plan = plans.get(text, () => ({ blocks: blockBoundaries(text), cuts: new Map() }))
  const key = `${from}:${max}`
  let end = plan.cuts.get(key)
  if (end === undefined) {
    end = await cut(text, plan.blocks, from, max, tok)
    plan.cuts.set(key, end)
  }
  return end
}

async function cut(text: string, blocks: number[], from: number, max: number, tok: Tokenizer): Promise<number> {
  const fits = async (end: number) => (await tok.count(text.slice(from, end))) <= max
  const after = (points: number[]) => points.slice(firstAbove(points, from)).filter((b) => b < text.length)
  // The whole rest is the last candidate: it is counted only when every block before it fits.
  const byBlock = await lastFitting([...after(blocks), text.length], fits)
  if (byBlock !== undefined) return byBlock
  const byLine = await lastFitting(after(lineBoundaries(text)), fits)
  if (byLine !== undefined) return byLine
  return from + (await tok.prefixWithin(text.slice(from), max)).length
}

// Index of the first point above `from` (points ascending).
function firstAbove(points: number[], from: number): number {
  let low = 0
  let high = points.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (points[mid]! <= from) low = mid + 1
    else high = mid
  }
  return low
}

/**
 * The last candidate (ascending) that fits, assuming fit is monotone (a longer prefix never has
 * fewer tokens): an exponential probe bounds it, then a binary search finds it, so the slices
 * counted stay about the size of the page rather than of the whole remaining text.
 */
async function lastFitting(candidates: number[], fits: (end: number) => Promise<boolean>): Promise<number | undefined> {
  if (candidates.length === 0 || !(await fits(candidates[0]!))) return undefined
  let good = 0
  let step = 1
  while (good + step < candidates.length && (await fits(candidates[good + step]!))) {
    good += step
    step *= 2
  }
  let bad = Math.min(good + step, candidates.length)
  while (bad - good > 1) {
    const mid = (good + bad) >>> 1
    if (await fits(candidates[mid]!)) good = mid
    else bad = mid
  }
  return candidates[good]
}
