/**
 * The pattern language of the Rust `glob` crate 0.3 with default options (§6.1), which upstream's
 * fs globs use: `?`, `*` (within a component), `**` (a whole component), `[abc]`, `[a-z]`,
 * `[!abc]`; case-sensitive; no escapes; leading dots not special. Error texts are the crate's own,
 * positions count code points of the whole (absolute) pattern as the crate does.
 */
import * as msg from './messages.js'

type CharSpec = { kind: 'single'; cp: number } | { kind: 'range'; from: number; to: number }

export type Token =
  | { kind: 'char'; cp: number }
  | { kind: 'any' }
  | { kind: 'sequence' }
  | { kind: 'recursive' }
  | { kind: 'within'; specs: CharSpec[] }
  | { kind: 'except'; specs: CharSpec[] }

export type Component =
  | { kind: 'literal'; text: string }
  | { kind: 'recursive' }
  | { kind: 'wild'; tokens: Token[] }

export interface CompiledGlob {
  /** `/` for absolute patterns, `.` otherwise. */
  root: string
  components: Component[]
  /** A trailing `/` restricts matches to directories. */
  requireDir: boolean
}

type Parsed = { tokens: Token[] } | { error: string }

const fail = (position: number, reason: string) => ({ error: msg.globSyntaxError(position, reason) })

export function parsePattern(pattern: string): Parsed {
  const chars = Array.from(pattern)
  const tokens: Token[] = []
  let i = 0
  while (i < chars.length) {
    const c = chars[i] as string
    if (c === '?') {
      tokens.push({ kind: 'any' })
      i++
    } else if (c === '*') {
      const start = i
      while (chars[i] === '*') i++
      const count = i - start
      if (count > 2) return fail(start + 2, msg.GLOB_WILDCARDS)
      if (count === 1) {
        tokens.push({ kind: 'sequence' })
        continue
      }
      if (start !== 0 && chars[start - 1] !== '/') return fail(start - 1, msg.GLOB_RECURSIVE_WILDCARDS)
      if (chars[i] === '/') i++
      else if (i !== chars.length) return fail(i, msg.GLOB_RECURSIVE_WILDCARDS)
      if (tokens.at(-1)?.kind !== 'recursive') tokens.push({ kind: 'recursive' })
    } else if (c === '[') {
      const end = classEnd(chars, i)
      if (end === undefined) return fail(i, msg.GLOB_INVALID_RANGE)
      const negated = chars[i + 1] === '!'
      const specs = parseCharSpecs(chars.slice(i + (negated ? 2 : 1), end))
      tokens.push(negated ? { kind: 'except', specs } : { kind: 'within', specs })
      i = end + 1
    } else {
      tokens.push({ kind: 'char', cp: c.codePointAt(0) as number })
      i++
    }
  }
  return { tokens }
}

/**
 * Index of the `]` closing the class opened at `open`, or undefined when the crate would reject it.
 * A `]` right after `[` or `[!` is a member, not the end: `[]]`, `[!]a]`.
 */
export function classEnd(chars: readonly string[], open: number): number | undefined {
  const negated = chars[open + 1] === '!'
  if (negated ? open + 4 > chars.length : open + 3 > chars.length) return undefined
  const end = chars.indexOf(']', open + (negated ? 3 : 2))
  return end < 0 ? undefined : end
}

// "a-z0" => [range a..z, single 0]; a `-` not between two members is literal.
function parseCharSpecs(chars: readonly string[]): CharSpec[] {
  const specs: CharSpec[] = []
  const cp = (i: number) => (chars[i] as string).codePointAt(0) as number
  for (let i = 0; i < chars.length; ) {
    if (i + 3 <= chars.length && chars[i + 1] === '-') {
      specs.push({ kind: 'range', from: cp(i), to: cp(i + 2) })
      i += 3
    } else {
      specs.push({ kind: 'single', cp: cp(i) })
      i++
    }
  }
  return specs
}

/** glob_with: validate the whole pattern, then compile one matcher per `/`-separated component. */
export function compileGlob(pattern: string): CompiledGlob | { error: string } {
  const whole = parsePattern(pattern)
  if ('error' in whole) return whole
  const absolute = pattern.startsWith('/')
  const parts = pattern.replace(/^\/+/, '').split('/')
  if (parts.at(-1) === '') parts.pop()
  const components: Component[] = []
  for (const part of parts.filter((p) => p !== '')) {
    const parsed = parsePattern(part)
    if ('error' in parsed) return parsed
    components.push(toComponent(part, parsed.tokens))
  }
  return { root: absolute ? '/' : '.', components, requireDir: pattern.endsWith('/') }
}

function toComponent(text: string, tokens: Token[]): Component {
  if (tokens.some((t) => t.kind === 'recursive')) return { kind: 'recursive' }
  if (tokens.every((t) => t.kind === 'char')) return { kind: 'literal', text }
  return { kind: 'wild', tokens }
}

const inSpecs = (specs: readonly CharSpec[], cp: number) =>
  specs.some((s) => (s.kind === 'single' ? s.cp === cp : s.from <= cp && cp <= s.to))

function matchesOne(token: Token, cp: number): boolean {
  switch (token.kind) {
    case 'char': return token.cp === cp
    case 'any': return true
    case 'within': return inSpecs(token.specs, cp)
    case 'except': return !inSpecs(token.specs, cp)
    default: return false
  }
}

/**
 * Matches one file name against a component's tokens. Greedy `*` with a single backtrack point:
 * linear in practice, so a pattern full of stars cannot stall a scan the way a regex could.
 */
export function matchName(tokens: readonly Token[], name: string): boolean {
  const cps = Array.from(name, (ch) => ch.codePointAt(0) as number)
  let t = 0
  let c = 0
  let starT = -1
  let starC = 0
  while (c < cps.length) {
    const token = tokens[t]
    if (token?.kind === 'sequence' || token?.kind === 'recursive') {
      starT = t++
      starC = c
    } else if (token !== undefined && matchesOne(token, cps[c] as number)) {
      t++
      c++
    } else if (starT >= 0) {
      t = starT + 1
      c = ++starC
    } else {
      return false
    }
  }
  while (tokens[t]?.kind === 'sequence' || tokens[t]?.kind === 'recursive') t++
  return t === tokens.length
}

export function matchesComponent(component: Component, name: string): boolean {
  if (component.kind === 'literal') return component.text === name
  if (component.kind === 'wild') return matchName(component.tokens, name)
  return true
}

/** Components starting with a literal `.` may also match the `.` and `..` entries (as upstream). */
export function startsWithDot(component: Component): boolean {
  return component.kind === 'wild' && component.tokens[0]?.kind === 'char' && component.tokens[0].cp === 0x2e
}
