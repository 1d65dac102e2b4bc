/**
 * Brace alternation for fs globs (D3): `dir/{a,b}.md` => `dir/a.md`, `dir/b.md`, bash style
 * (nested groups, left group varies slowest, `{a}` and `{}` stay literal). The Rust glob language
 * has no braces, so each alternative is then matched as a plain glob. A `{` inside a character
 * class (`[{]`) is a class member, not a group. Capped, so `{a,b}{a,b}...` cannot explode.
 */
import { classEnd } from './glob-pattern.js'

interface Group {
  open: number
  close: number
  alternatives: string[][]
}

/** All alternatives in order, or undefined when there would be more than `max`. */
export function expandBraces(pattern: string, max: number): string[] | undefined {
  const out: string[] = []
  return expandInto(Array.from(pattern), out, max) ? out : undefined
}

function expandInto(chars: string[], out: string[], max: number): boolean {
  const group = findGroup(chars)
  if (group === undefined) {
    if (out.length >= max) return false
    out.push(chars.join(''))
    return true
  }
  const prefix = chars.slice(0, group.open)
  const suffix = chars.slice(group.close + 1)
  return group.alternatives.every((alt) => expandInto([...prefix, ...alt, ...suffix], out, max))
}

function skipClass(chars: readonly string[], i: number): number {
  return chars[i] === '[' ? (classEnd(chars, i) ?? i) : i
}

function findGroup(chars: readonly string[]): Group | undefined {
  for (let i = 0; i < chars.length; i++) {
    i = skipClass(chars, i)
    if (chars[i] !== '{') continue
    const group = scanGroup(chars, i)
    if (group !== undefined) return group
  }
  return undefined
}

function scanGroup(chars: readonly string[], open: number): Group | undefined {
  let depth = 0
  const commas: number[] = []
  for (let i = open; i < chars.length; i++) {
    i = skipClass(chars, i)
    const c = chars[i]
    if (c === '{') depth++
    else if (c === ',' && depth === 1) commas.push(i)
    else if (c === '}' && --depth === 0) {
      if (commas.length === 0) return undefined
      const bounds = [open, ...commas, i]
      const alternatives = bounds.slice(1).map((end, k) => chars.slice((bounds[k] as number) + 1, end))
      return { open, close: i, alternatives }
    }
  }
  return undefined
}
