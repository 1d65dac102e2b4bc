/**
 * E15.2 rules over a skill's own files: a file over 8 MB (SK205) and hard-coded secrets in its text
 * files (SK401). Files of a nested skill folder are that skill's. Pure.
 * Stands alone: one module per family of rules, as the rule table lists them.
 */
import { messages as msg } from '../core/index.js'
import type { Finding } from './finding.js'
import { secretsIn } from './secrets.js'
import type { SkillFacts } from './skill-facts.js'


export function fileFindings(facts: SkillFacts): Finding[] {
  const at = (rule: Finding['rule'], file: string, line: number, message: string): Finding =>
    ({ rule, kind: 'skill', path: `${facts.folder}/${file}`, line, ...(facts.id === undefined ? {} : { id: facts.id }), message })
  const findings: Finding[] = []
  for (const file of facts.files) {
    const max = facts.limits.skillResourceBytes
    if (file.own && file.bytes > max) findings.push(at('SK205', file.path, 1, msg.checkFileTooLarge(file.path, file.bytes, max)))
  }
  for (const [file, text] of facts.texts) {
    for (const secret of secretsIn(text)) findings.push(at('SK401', file, secret.line, msg.checkSecret(secret.kind)))
  }
  return findings
}
