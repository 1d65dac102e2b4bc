/**
 * `skills::diagnostics` (internal, E5.2): what the fs sources skip and what they serve with a
 * warning, as the files are at call time (the fs index is current as of every call, E3), the skills
 * the MCP Skills Extension leaves out among the warnings (E6.2); and `skills::fs-watch-problems`.
 */
import { diagnosticsOf } from '../fs/index.js'
import { defineFunction } from './define.js'
import type { Deps } from './deps.js'
import { DiagnosticsOutput, Skipped, Warning, ANY_VALUE, EMPTY_INPUT } from '../schemas/index.js'

export const skillsDiagnostics = defineFunction({
  id: 'skills::diagnostics',
  description: 'Internal: the files the fs sources skip (with the reason) and the skills they serve with a warning, in path order.',
  input: EMPTY_INPUT,
  output: { schema: DiagnosticsOutput, schemaTitle: 'DiagnosticsOutput', definitions: { Skipped, Warning } },
  metadata: { internal: true },
}, fsDiagnostics)

export const skillsFsWatchProblems = defineFunction({
  id: 'skills::fs-watch-problems',
  description: 'Internal: what went wrong with watching the fs sources (watching unavailable, events lost), latest last.',
  input: EMPTY_INPUT,
  output: ANY_VALUE,
  metadata: { internal: true },
}, fsWatchProblems)

export async function fsDiagnostics(_input: unknown, deps: Deps) {
  const snapshot = await deps.fs.snapshot()
  return diagnosticsOf(snapshot.skills, [...snapshot.skipped.skills, ...snapshot.skipped.prompts], [...deps.fs.listingProblems.values()])
}

/** `skills::fs-watch-problems` (internal, E6.7): what went wrong with watching the files, latest last. */
export async function fsWatchProblems(_input: unknown, deps: Deps) {
  return { problems: [...deps.fs.watchProblems] }
}
