/**
 * Every E15.2 rule over one `SKILL.md` folder, read and checked in one call (what
 * src/check/rule-threads.ts runs on its threads): the E5.1 rules of a skipped file, the frontmatter, body, link, file and secret
 * rules, and the token count of a long body. `skillFindings` is pure given the count.
 */
import { bodyFindings, mayExceedTokens, tokenFindings } from './body-rules.js'
import type { Finding } from './finding.js'
import { fileFindings } from './file-rules.js'
import { frontmatterFindings } from './frontmatter-rules.js'
import { collectFacts, type Candidate } from './collect.js'
import { summaryOf, type SkillFacts, type SkillSummary } from './skill-facts.js'
import { unservedFindings } from './unserved-rules.js'

export function skillFindings(facts: SkillFacts, skillIds: ReadonlySet<string>, countTokens: (text: string) => number): Finding[] {
  return [
    ...unservedFindings(facts),
    ...frontmatterFindings(facts),
    ...bodyFindings(facts, { skillIds }),
    ...fileFindings(facts),
    ...(mayExceedTokens(facts.body) ? tokenFindings(facts, countTokens(facts.body)) : []),
  ]
}

/** One candidate read and checked: its findings, and its summary (undefined when it cannot be read). */
export interface SkillChecked {
  findings: Finding[]
  summary: SkillSummary | undefined
}

export async function checkSkill(candidate: Candidate, skillIds: ReadonlySet<string>, countTokens: (text: string) => number): Promise<SkillChecked> {
  const facts = await collectFacts(candidate)
  return facts === undefined ? { findings: [], summary: undefined } : { findings: skillFindings(facts, skillIds, countTokens), summary: summaryOf(facts) }
}
