/**
 * E15.2 "every warning and skip of E5/E13": the loader's diagnostics (src/fs/diagnostics.ts, what
 * `skills::diagnostics` answers) as findings. Each text is matched against the message function that
 * wrote it (src/core/messages.ts), so no text is written twice; a text no rule names falls to the
 * catch-all rules SK000 (a skip) and SK100 (a warning). Pure.
 */
import { messages as msg } from '../core/index.js'
import type { Diagnostics } from '../fs/index.js'
import type { Finding } from './finding.js'
import type { RuleId } from './rules.js'

type Template = string | ((...args: never[]) => string)

const HOLE = (i: number) => `QQHOLE${i}QQ`

/** A message function as a pattern: called with placeholder arguments, each placeholder any text. */
function patternOf(template: Template): RegExp {
  const text = typeof template === 'string' ? template : (template as (...args: string[]) => string)(HOLE(0), HOLE(1), HOLE(2))
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/QQHOLE\d+QQ/g, '[\\s\\S]*')
  return new RegExp(`^${escaped}$`)
}

const SKIPS: ReadonlyArray<[RuleId, Template[]]> = [
  ['SK001', [msg.fsReadFailed]],
  ['SK002', [msg.FS_NO_FRONTMATTER]],
  ['SK003', [msg.fsFrontmatterYaml]],
  ['SK004', [msg.FS_NO_DESCRIPTION]],
  ['SK005', [msg.fsInvalidId]],
  ['SK006', [msg.fsDuplicateId, msg.fsDuplicateName]],
  ['SK007', [msg.fsPromptInvalidName]],
  ['SK008', [msg.invalidGlob, msg.notUnderPrefix]],
]

const WARNINGS: ReadonlyArray<[RuleId, Template[]]> = [
  ['SK006', [msg.fsRootCollision]],
  ['SK009', [msg.fsFolderServedAs]],
  ['SK101', [msg.fsFolderNameMismatch]],
  ['SK102', [msg.fsInvalidSkillName]],
  ['SK103', [msg.FS_DESCRIPTION_TOO_LONG]],
  ['SK104', [msg.fsYamlRepaired]],
  ['SK502', [msg.notPublishedInvalidName, msg.notPublishedNameDiffers]],
]

const compile = (table: ReadonlyArray<[RuleId, Template[]]>) =>
  table.flatMap(([rule, templates]) => templates.map((t) => [rule, patternOf(t)] as const))
const SKIP_PATTERNS = compile(SKIPS)
const WARNING_PATTERNS = compile(WARNINGS)

export function skipRule(reason: string): RuleId {
  return SKIP_PATTERNS.find(([, pattern]) => pattern.test(reason))?.[0] ?? 'SK000'
}

export function warningRule(message: string): RuleId {
  return WARNING_PATTERNS.find(([, pattern]) => pattern.test(message))?.[0] ?? 'SK100'
}

/** Where in its file a loader finding points (the frontmatter line it is about, else line 1). */
export type LineOf = (path: string, rule: RuleId) => number

export function loaderFindings(diagnostics: Diagnostics, lineOf: LineOf): Finding[] {
  return [
    ...diagnostics.skipped.map((s): Finding => {
      const rule = skipRule(s.reason)
      return { rule, kind: s.kind, path: s.path, line: lineOf(s.path, rule), message: s.reason, skipped: true }
    }),
    ...diagnostics.warnings.map((w): Finding => {
      const rule = warningRule(w.message)
      return { rule, kind: w.kind, path: w.path, line: lineOf(w.path, rule), id: w.id, message: w.message }
    }),
  ]
}
