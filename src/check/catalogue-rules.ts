/**
 * E13.6 / E15.2 "the same name under two ids" (SK501): hosts of the Skills Extension key skills by
 * frontmatter name, so a name two served skills share is reported on every one after the first (in
 * id order), naming the first's path. Pure.
 * Stands alone: one module per family of rules, as the rule table lists them.
 */
import { messages as msg } from '../core/index.js'
import type { Finding } from './finding.js'
import { keyLine, type SkillSummary } from './skill-facts.js'

export function duplicateNames(served: readonly SkillSummary[]): Finding[] {
  const first = new Map<string, SkillSummary>()
  const findings: Finding[] = []
  for (const facts of [...served].sort((a, b) => ((a.id ?? '') < (b.id ?? '') ? -1 : (a.id ?? '') > (b.id ?? '') ? 1 : 0))) {
    const name = facts.name
    if (typeof name !== 'string' || facts.id === undefined) continue
    const earlier = first.get(name)
    if (earlier === undefined) first.set(name, facts)
    else findings.push({ rule: 'SK501', kind: 'skill', path: facts.path, line: keyLine(facts, 'name'), id: facts.id, message: msg.fsDuplicateName(name, earlier.path) })
  }
  return findings
}
