/**
 * Every E15.2 rule over one `SKILL.md` folder, read and checked in one call (what
 * src/check/rule-threads.ts runs on its threads, even before the loader's scan is done): the
 * frontmatter, body, link, file and secret rules, the token count of a long body, the E5.1 rules for
 * a folder the loader may not serve, and the `iii://` links to check once the catalogue is known.
 * `skillFindings` is pure given the count.
 */
import { bodyFindings, iiiLinksOf, mayExceedTokens, tokenFindings } from './body-rules.js'
import type { Finding } from './finding.js'
import { fileFindings } from './file-rules.js'
import { frontmatterFindings } from './frontmatter-rules.js'
import type { FsLimits } from '../core/index.js'
import { collectFacts } from './collect.js'
import { summaryOf, type SkillFacts, type SkillSummary } from './skill-facts.js'
import { unservedFindings } from './unserved-rules.js'

/** A folder's own findings (no id on them: the loader's scan gives it), but for the two kinds `SkillChecked` keeps apart. */
/** `bodyTokens`: the body's o200k tokens, counted only when it may exceed the limit (else undefined). */
export function skillFindings(facts: SkillFacts, bodyTokens: number | undefined): Finding[] {
  return [
    ...frontmatterFindings(facts),
    ...bodyFindings(facts),
    ...fileFindings(facts),
    ...(bodyTokens === undefined ? [] : tokenFindings(facts, bodyTokens)),
  ]
}

/** One `SKILL.md` read and checked, before the loader's scan has said what it serves. */
export interface SkillChecked {
  findings: Finding[]
  /** The E5.1 rules as the loader would apply them, when asked for (a folder it will not serve). */
  unserved: Finding[] | undefined
  /** For SK302, once the served ids are known. */
  iiiLinks: Array<{ href: string; line: number }>
  /** undefined when the file cannot be read as text. */
  summary: SkillSummary | undefined
}

export async function checkSkill(path: string, unserved: boolean, countTokens: (text: string) => Promise<number>, limits: FsLimits): Promise<SkillChecked> {
  const facts = await collectFacts({ path, id: undefined }, limits)
  if (facts === undefined) return { findings: [], unserved: [], iiiLinks: [], summary: undefined }
  const bodyTokens = mayExceedTokens(facts.body) ? await countTokens(facts.body) : undefined
  return {
    findings: skillFindings(facts, bodyTokens),
    unserved: unserved ? unservedFindings(facts) : undefined,
    iiiLinks: iiiLinksOf(facts),
    summary: summaryOf(facts),
  }
}
