/**
 * E15.2 frontmatter rules: keys outside the Agent Skills set (SK105), `compatibility` over 500
 * characters (SK106), no `name` (SK107), markup tags in the description (SK108) and a description
 * that does not say when to use the skill (SK109). Only for a file whose frontmatter parses and
 * describes it (the loader's own rules report the rest). Pure.
 */
import { messages as msg, trim } from '../core/index.js'
import type { Finding } from './finding.js'
import { keyLine, type SkillFacts } from './skill-facts.js'

export const AGENT_SKILLS_KEYS: ReadonlySet<string> = new Set(['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'])
const MAX_COMPATIBILITY_CHARS = 500

// "<example>", "</b>", "<br/>", "<div class=x>"; not "a < b" nor "<3" nor "<https://x>"
const MARKUP_TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/
// "Use when …", "Use this skill to …", "… when the user asks", "Triggers on …", "for when", "whenever"
const SAYS_WHEN = /\b(?:when|whenever|use (?:it|this|this skill|them)?\s*(?:for|to|if|on|in|with|after|before|during)|used (?:for|to|in|by|with)|triggers?|trigger(?:ed)? (?:on|by)|invoke|apply (?:it )?(?:to|for)|applies (?:to|when)|if (?:you|the user|a user|asked))\b/i

export function frontmatterFindings(facts: SkillFacts): Finding[] {
  const description = facts.data.description
  if (facts.block === undefined || typeof description !== 'string' || trim(description) === '') return []
  const at = (rule: Finding['rule'], key: string, message: string): Finding =>
    ({ rule, kind: 'skill', path: facts.path, line: keyLine(facts, key), ...(facts.id === undefined ? {} : { id: facts.id }), message })
  const findings: Finding[] = []
  for (const key of Object.keys(facts.data)) if (!AGENT_SKILLS_KEYS.has(key)) findings.push(at('SK105', key, msg.checkUnknownKey(key)))
  const compatibility = facts.data.compatibility
  if (compatibility !== undefined && typeof compatibility !== 'string') findings.push(at('SK106', 'compatibility', msg.CHECK_COMPATIBILITY_NOT_STRING))
  else if (typeof compatibility === 'string' && [...compatibility].length > MAX_COMPATIBILITY_CHARS) {
    findings.push(at('SK106', 'compatibility', msg.checkCompatibilityTooLong([...compatibility].length)))
  }
  if (!('name' in facts.data)) findings.push(at('SK107', '---', msg.CHECK_MISSING_NAME))
  const tag = MARKUP_TAG.exec(description)?.[0]
  if (tag !== undefined) findings.push(at('SK108', 'description', msg.checkDescriptionMarkup(tag)))
  if (!SAYS_WHEN.test(description)) findings.push(at('SK109', 'description', msg.CHECK_DESCRIPTION_NO_WHEN))
  return findings
}
