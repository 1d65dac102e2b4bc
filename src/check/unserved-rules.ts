/**
 * A `SKILL.md` the loader skips before reading its frontmatter (an invalid id, an id another file
 * already gave: SK005, SK006) still gets the loader's own frontmatter rules (E5.1: SK101-SK104), by
 * the same pure checks (core/skill-folder.ts) against its folder's name, so an author sees every
 * finding in one run. Pure.
 */
import { decodeRepairedFrontmatter, messages as msg, checkFolderFrontmatter, SKILL_FRONTMATTER_STRUCT } from '../core/index.js'
import type { Finding } from './finding.js'
import { warningRule } from './loader-findings.js'
import { keyLine, type SkillFacts } from './skill-facts.js'

const LINE_KEY: Readonly<Record<string, string>> = { SK101: 'name', SK102: 'name', SK103: 'description' }

/** What `unservedFindings` reads of a folder (its summary carries it: the main thread may need it late). */
export type UnservedInput = Pick<SkillFacts, 'path' | 'folder' | 'block' | 'keyLines'>

export function unservedFindings(facts: UnservedInput): Finding[] {
  if (facts.block === undefined) return []
  const decoded = decodeRepairedFrontmatter(facts.block, SKILL_FRONTMATTER_STRUCT)
  if ('error' in decoded) return []
  const checked = checkFolderFrontmatter(decoded.frontmatter, facts.folder.slice(facts.folder.lastIndexOf('/') + 1))
  if (!checked.ok) return []
  const warnings = decoded.repaired === undefined ? checked.value : [msg.fsYamlRepaired(decoded.repaired), ...checked.value]
  return warnings.map((message) => {
    const rule = warningRule(message)
    return { rule, kind: 'skill', path: facts.path, line: keyLine(facts, LINE_KEY[rule] ?? ''), message }
  })
}
