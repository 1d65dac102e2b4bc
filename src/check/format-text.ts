/**
 * `check --format text` (E5.2, E15.1): one line per finding — a loader skip as E5.2 prints it
 * (`skipped skill PATH: REASON`), anything else as `SEVERITY KIND PATH (ID): MESSAGE` — then the
 * findings by rule and the E5.2 summary of what the worker would serve. Pure.
 */
import { diagnosticSummary } from '../fs/index.js'
import type { CheckReport, LevelledFinding } from './check.js'
import { ruleOf } from './rules.js'

export function textReport(report: CheckReport): string[] {
  return [...report.findings.map(findingLine), findingsSummary(report), diagnosticSummary(report.served.skills, report.served.prompts, report.diagnostics)]
}

// "skipped skill /s/a/SKILL.md: frontmatter missing non-empty `description`"
// "warning skill /s/b/SKILL.md (b): body has 612 lines (more than 500): move details into reference files"
function findingLine(f: LevelledFinding): string {
  if (f.skipped) return `skipped ${f.kind} ${f.path}: ${f.message}`
  return `${f.severity} ${f.kind} ${f.path}${f.id === undefined ? '' : ` (${f.id})`}: ${f.message}`
}

// "checked 6 skills: 1 error, 5 warnings, 2 info (SK004 no-description 1, SK101 name-mismatch 1, …)"
export function findingsSummary(report: CheckReport): string {
  const count = (severity: string) => report.findings.filter((f) => f.severity === severity).length
  const byRule = new Map<string, number>()
  for (const f of report.findings) byRule.set(f.rule, (byRule.get(f.rule) ?? 0) + 1)
  const rules = [...byRule].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, n]) => `${id} ${ruleOf(id as never).name} ${n}`)
  const errors = count('error')
  const warnings = count('warning')
  return `checked ${report.checked} skills: ${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}, ${count('info')} info` +
    (rules.length === 0 ? '' : ` (${rules.join(', ')})`)
}
