/** `check --format json` (E15.1): the findings with their rules, and the counts. Pure. Stands alone: one module per report format (text, JSON, SARIF). */
import type { CheckReport } from './check.js'
import { ruleOf } from './rules.js'

export function jsonReport(report: CheckReport): string {
  const count = (severity: string) => report.findings.filter((f) => f.severity === severity).length
  return JSON.stringify({
    checked: report.checked,
    served: report.served,
    skipped: report.diagnostics.skipped.length,
    errors: count('error'),
    warnings: count('warning'),
    info: count('info'),
    findings: report.findings.map((f) => ({
      rule: f.rule, name: ruleOf(f.rule).name, severity: f.severity, kind: f.kind, path: f.path, line: f.line,
      ...(f.id === undefined ? {} : { id: f.id }), message: f.message, ...(f.skipped ? { skipped: true } : {}),
    })),
  }, null, 2)
}
