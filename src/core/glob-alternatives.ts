/** A configured glob (fs globs §6.1 with D3's braces; E20.1's view patterns) compiled to the plain globs it stands for. */
import { expandBraces } from './braces.js'
import { compileGlob, parsePattern, type CompiledGlob } from './glob-pattern.js'
import { MAX_BRACE_ALTERNATIVES } from './limits.js'
import * as msg from './messages.js'

/**
 * A configured pattern as the globs it stands for: the whole validated first (so a position counts
 * in the pattern as written), then its braces expanded (D3) and each alternative compiled; the
 * error is the crate's reason.
 */
export function compileAlternatives(pattern: string): { globs: CompiledGlob[] } | { error: string } {
  const whole = parsePattern(pattern)
  if ('error' in whole) return whole
  const alternatives = expandBraces(pattern, MAX_BRACE_ALTERNATIVES)
  if (alternatives === undefined) return { error: msg.globTooManyAlternatives(MAX_BRACE_ALTERNATIVES) }
  const globs: CompiledGlob[] = []
  for (const alternative of alternatives) {
    const glob = compileGlob(alternative)
    if ('error' in glob) return glob
    globs.push(glob)
  }
  return { globs }
}
