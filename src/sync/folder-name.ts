/**
 * E21.1: the folder a skill is written to, `DIR/{folder}/`: its frontmatter `name` when that is a
 * valid Agent Skills name, else its id with `/` replaced by `-`. A folder skill whose `name` is
 * present but invalid is not written at all (no harness would load it).
 */
import { frontmatterOf, isSkillName, messages as msg } from '../core/index.js'
import type { CatalogueSkill } from './catalogue.js'

export type Placement = { folder: string } | { skipped: string }

// {id: "acme/billing", name: "billing"} => billing; {id: "acme/billing"} => acme-billing; {name: "Bad Name"} (folder) => skipped
export function placementOf(skill: CatalogueSkill): Placement {
  const name = frontmatterOf(skill.text).name
  const named = typeof name === 'string' || typeof name === 'number' ? String(name) : undefined
  if (named !== undefined && isSkillName(named)) return { folder: named }
  if (named !== undefined && skill.kind === 'folder') return { skipped: msg.syncSkipped(skill.id, msg.syncInvalidName(named)) }
  const folder = skill.id.replaceAll('/', '-')
  // The written SKILL.md is named after its folder, so a folder that is no skill name loads nowhere either.
  return isSkillName(folder) ? { folder } : { skipped: msg.syncSkipped(skill.id, msg.syncInvalidName(folder)) }
}
