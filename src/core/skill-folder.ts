/**
 * Agent Skills folders (E1): a `skills:` glob match named exactly `SKILL.md` is a skill folder whose
 * id is the folder's path, and whose frontmatter must name it correctly and describe it. These are the
 * pure rules; src/fs/skill-files.ts reads the file and applies them.
 */
import type { FrontmatterFields } from './frontmatter-yaml.js'
import { INDEX_DESCRIPTION_MAX_CHARS, type IndexLine } from './index-page.js'
import { extractTitle, truncateChars } from './markdown.js'
import * as msg from './messages.js'
import { trim } from './text.js'

export const SKILL_FILE = 'SKILL.md'
export const MAX_FOLDER_DESCRIPTION_CHARS = 1024
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

/** Why a folder's frontmatter is refused (E1.2, in order), or undefined when it is fine. */
export function checkFolderFrontmatter(fields: FrontmatterFields, id: string): string | undefined {
  const segment = id.slice(id.lastIndexOf('/') + 1)
  if (fields.name !== undefined && fields.name !== segment) return msg.fsFolderNameMismatch(fields.name, segment)
  const description = trim(fields.description ?? '')
  if (description === '') return msg.FS_NO_DESCRIPTION
  if (codePoints(description) > MAX_FOLDER_DESCRIPTION_CHARS) return msg.FS_DESCRIPTION_TOO_LONG
  return undefined
}

/**
 * A folder's index bullet (E1.4): the body's H1, else the frontmatter name, else the id; the
 * frontmatter description on one line (a bullet is one line), cut as D1 cuts every description.
 * `body` is undefined when the served body would fail (empty, too large).
 */
export function folderIndexLine(id: string, body: string | undefined, fields: FrontmatterFields): IndexLine {
  const title = (body === undefined ? undefined : extractTitle(body)) ?? fields.name ?? id
  const description = oneLine(fields.description ?? '')
  return { id, title, description: truncateChars(description, INDEX_DESCRIPTION_MAX_CHARS) }
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
