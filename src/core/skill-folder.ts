/**
 * Agent Skills folders (E1): a `skills:` glob match named exactly `SKILL.md` is a skill folder whose
 * id is the folder's path, and whose frontmatter must name it correctly and describe it. These are the
 * pure rules; src/fs/skill-files.ts reads the file and applies them.
 */
import type { FrontmatterFields } from './frontmatter-yaml.js'
import { INDEX_DESCRIPTION_MAX_CHARS, type IndexLine } from './index-page.js'
import { truncateChars } from './markdown.js'
import * as msg from './messages.js'
import { failed, ok, type Result } from './result.js'
import { trim } from './text.js'

export const SKILL_FILE = 'SKILL.md'
const MAX_FOLDER_DESCRIPTION_CHARS = 1024
/** The type name serde would report for a SKILL.md frontmatter that is not a mapping. */
export const SKILL_FRONTMATTER_STRUCT = 'struct SkillFrontmatter'

const SKILL_SUFFIX = '/SKILL'

// "/s/pdf/SKILL.md" => true; "/s/pdf/skill.md" and "/s/SKILL.md.bak" => false
export function isSkillFile(path: string): boolean {
  return path === SKILL_FILE || path.endsWith(`/${SKILL_FILE}`)
}

/**
 * The folder id of a SKILL.md match from the id upstream derives for it (`.md` stripped):
 * ("acme/billing/SKILL", …) => "acme/billing"; a SKILL.md right at the pattern's static prefix
 * ("SKILL", "/srv/skills/pdf/SKILL.md") takes the name of the folder it sits in => "pdf".
 */
export function folderSkillId(derivedId: string, path: string): string {
  if (derivedId.endsWith(SKILL_SUFFIX)) return derivedId.slice(0, -SKILL_SUFFIX.length)
  const parts = path.split('/').filter((part) => part !== '' && part !== '.')
  return parts.at(-2) ?? ''
}

/**
 * What a folder's frontmatter means for it (E5.1, which replaces E1.2's refusals but one): refused
 * only without a description; a name that differs from the folder, a name that breaks the Agent
 * Skills naming rules and a description over 1,024 characters are served with a warning each.
 */
/** The warnings it is served with, or why it is refused. */
export function checkFolderFrontmatter(fields: FrontmatterFields, id: string): Result<string[]> {
  const description = trim(fields.description ?? '')
  if (description === '') return failed(msg.FS_NO_DESCRIPTION)
  const segment = lastSegment(id)
  const warnings: string[] = []
  if (fields.name !== undefined && fields.name !== segment) warnings.push(msg.fsFolderNameMismatch(fields.name, segment))
  if (fields.name !== undefined && !isSkillName(fields.name)) warnings.push(msg.fsInvalidSkillName(fields.name))
  if (codePoints(description) > MAX_FOLDER_DESCRIPTION_CHARS) warnings.push(msg.FS_DESCRIPTION_TOO_LONG)
  return ok(warnings)
}

/** Agent Skills names: lowercase letters, digits and `-`, no leading, trailing or doubled `-`, at most 64. */
export function isSkillName(name: string): boolean {
  return name.length <= 64 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)
}

const lastSegment = (id: string) => id.slice(id.lastIndexOf('/') + 1)

/**
 * A folder's title (E5.3, replacing E1.4 for folders): frontmatter `metadata.title`, else `title`,
 * else `name`, else the id's last segment; never a heading of the body.
 */
export function folderTitle(id: string, frontmatter: Record<string, unknown>): string {
  const metadata = frontmatter.metadata
  const nested = metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata) ? (metadata as Record<string, unknown>).title : undefined
  for (const candidate of [nested, frontmatter.title, frontmatter.name]) if (typeof candidate === 'string' && trim(candidate) !== '') return candidate
  return lastSegment(id)
}

/**
 * A folder's index bullet: its title (E5.3) and the frontmatter description on one line (a bullet
 * is one line), cut as D1 cuts every description.
 */
export function folderIndexLine(id: string, frontmatter: Record<string, unknown>, fields: FrontmatterFields): IndexLine {
  const description = oneLine(fields.description ?? '')
  return { id, title: folderTitle(id, frontmatter), description: truncateChars(description, INDEX_DESCRIPTION_MAX_CHARS) }
}

/** The frontmatter description as written, only trimmed (E5.4: MCP listings show it whole; E13.5: verbatim). */
export function folderDescription(fields: FrontmatterFields): string {
  return trim(fields.description ?? '')
}

// "Fill PDF forms.\n  Use when…\n" => "Fill PDF forms. Use when…"
function oneLine(text: string): string {
  return text.split('\n').map(trim).filter((line) => line !== '').join(' ')
}

function codePoints(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}
