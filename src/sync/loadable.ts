/**
 * E21.5: whether a folder skill's SKILL.md, copied byte for byte into `DIR/{folder}/`, passes the
 * Agent Skills reference validator (`skills-ref validate`: its frontmatter split, the keys it allows,
 * `name` present and equal to the folder, `description` and `compatibility` within their lengths).
 * A copy that would not is not written: bytes are never changed, and nothing sync writes fails it.
 * The reasons are `check`'s texts for the same rules (E15.2).
 */
import { SKILL_FRONTMATTER_STRUCT, decodeFrontmatterWithData, isSkillName, messages as msg, splitFrontmatter } from '../core/index.js'

const AGENT_SKILLS_KEYS: ReadonlySet<string> = new Set(['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'])
const MAX_DESCRIPTION = 1024
const MAX_COMPATIBILITY = 500

/** Why the copy would fail the reference validator in `folder`, or undefined when it passes. */
export function unloadableReason(skillMd: string, folder: string): string | undefined {
  const { frontmatter } = splitFrontmatter(skillMd)
  const theirs = referenceBlock(skillMd)
  if (frontmatter === undefined || theirs === undefined) return msg.FS_NO_FRONTMATTER
  const decoded = decodeFrontmatterWithData(theirs, SKILL_FRONTMATTER_STRUCT)
  if ('error' in decoded) return theirs === frontmatter ? msg.SYNC_YAML_REPAIRED : msg.SYNC_FENCE_IN_FRONTMATTER
  const { data } = decoded
  const unknown = Object.keys(data).filter((key) => !AGENT_SKILLS_KEYS.has(key)).sort()
  if (unknown.length > 0) return msg.checkUnknownKey(unknown[0] as string)
  const name = decoded.frontmatter.name
  if (name === undefined) return msg.CHECK_MISSING_NAME
  if (!isSkillName(name) || name !== folder) return msg.syncInvalidName(name)
  const description = decoded.frontmatter.description
  if (description === undefined || description.trim() === '') return msg.FS_NO_DESCRIPTION
  if (description.length > MAX_DESCRIPTION) return msg.FS_DESCRIPTION_TOO_LONG
  const compatibility = data.compatibility
  if (compatibility !== undefined && typeof compatibility !== 'string') return msg.CHECK_COMPATIBILITY_NOT_STRING
  if (typeof compatibility === 'string' && compatibility.length > MAX_COMPATIBILITY) return msg.checkCompatibilityTooLong([...compatibility].length)
  return undefined
}

/**
 * The frontmatter as the reference validator cuts it: the file must start with `---`, and the block
 * ends at the next `---` anywhere (inside a value too), not at a fence line as the loader's (§6.5).
 */
function referenceBlock(skillMd: string): string | undefined {
  if (!skillMd.startsWith('---')) return undefined
  const parts = skillMd.split('---')
  return parts.length < 3 ? undefined : parts[1]
}
