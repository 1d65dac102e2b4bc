/**
 * Expands one configured fs glob (§6.1): relative patterns are joined onto the base dir as text
 * (`..` kept), braces are expanded (D3), each alternative is validated and matched with Rust `glob`
 * crate semantics, and the union of regular files comes back sorted component by component. An
 * invalid pattern is reported as a skip reason naming the pattern as written in the config.
 */
import { compareUtf8, compileAlternatives, type CompiledGlob, messages as msg } from '../core/index.js'
import type { Logger } from 'pino'
import { directView, type FsView } from './fs-view.js'
import { walkGlob } from './glob-walk.js'

type GlobExpansion = { paths: string[] } | { error: string }

// ("docs/*.md", "/srv/cfg") => "/srv/cfg/docs/*.md"; "/abs/*.md" stays as is
export function absolutePattern(pattern: string, baseDir: string): string {
  if (pattern.startsWith('/')) return pattern
  return baseDir.endsWith('/') ? baseDir + pattern : `${baseDir}/${pattern}`
}

export async function expandGlob(pattern: string, baseDir: string, log: Logger, view: FsView = directView): Promise<GlobExpansion> {
  const compiled = compileAll(pattern, absolutePattern(pattern, baseDir))
  if ('error' in compiled) return compiled
  const found = new Set<string>()
  for (const glob of compiled.globs) {
    for (const path of await walkGlob(glob, log, view)) found.add(path)
  }
  return { paths: [...found].sort(comparePaths) }
}

function compileAll(pattern: string, absolute: string): { globs: CompiledGlob[] } | { error: string } {
  const compiled = compileAlternatives(absolute)
  return 'error' in compiled ? { error: msg.invalidGlob(pattern, compiled.error) } : compiled
}

// Path order: component by component, bytes of UTF-8 (so `a/b` < `a-b` < `a.b/c` as in Rust).
export function comparePaths(a: string, b: string): number {
  const left = a.split('/')
  const right = b.split('/')
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const order = compareUtf8(left[i] as string, right[i] as string)
    if (order !== 0) return order
  }
  return left.length - right.length
}
