/**
 * The MCP Skills Extension's view of one skill (E6.2, SEP-2640): `skill://<id>/SKILL.md` and its
 * files, sha256 digests of raw bytes, MIME types by extension, and the `SKILL.md` synthesised for a
 * state row or a plain markdown file.
 */
import { createHash } from 'node:crypto'
import { mimeTable } from './mime-table.js'
import { frontmatterOf } from './frontmatter-yaml.js'
import type { JsonObject } from './json-object.js'
import { notPublishedInvalidName, notPublishedNameDiffers } from './messages.js'
import { isSkillName } from './skill-folder.js'

export const DIRECTORY_MIME = 'inode/directory'

export const lastSegment = (id: string) => id.slice(id.lastIndexOf('/') + 1)

// "sha256:" + 64 lowercase hex of the raw bytes
export function digestOf(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`
}

/**
 * Scripts and source files, where the MIME table has no type or a wrong one for a skill's files
 * (`.ts` is MPEG transport stream there, `.rs` an XML format, `.py` unknown).
 */
const SOURCE_TYPES: Readonly<Record<string, string>> = {
  py: 'text/x-python', ts: 'text/typescript', tsx: 'text/typescript', mts: 'text/typescript', cts: 'text/typescript',
  sh: 'text/x-shellscript', bash: 'text/x-shellscript', zsh: 'text/x-shellscript', rs: 'text/x-rust', go: 'text/x-go',
  rb: 'text/x-ruby', r: 'text/x-r', ps1: 'text/plain', bat: 'text/plain', cjs: 'text/javascript', jsx: 'text/javascript',
  swift: 'text/x-swift', kt: 'text/x-kotlin', lua: 'text/x-lua', pl: 'text/x-perl', php: 'text/x-php', cs: 'text/x-csharp',
}

/**
 * What every skill has, its `SKILL.md`, as the table types it (a test checks they agree): the table is
 * loaded on the first other file whose type is asked, since mime-types takes about 8 ms to build it,
 * which would otherwise fall on the start or on the first read of a `SKILL.md`.
 */
export const MIME_SHORTCUTS: Readonly<Record<string, string>> = { md: 'text/markdown' }

/** E13.2: a file's MIME type from the maintained table (mime-types), source files by their language. */
export function mimeTypeOf(path: string): string {
  const dot = path.lastIndexOf('.')
  const extension = dot === -1 ? '' : path.slice(dot + 1).toLowerCase()
  const known = SOURCE_TYPES[extension] ?? MIME_SHORTCUTS[extension]
  if (known !== undefined) return known
  return mimeTable().lookup(path) || 'application/octet-stream'
}

/** The type a file is served as once its bytes are known to be UTF-8 text: never "octet-stream" for text. */
export function textMimeTypeOf(path: string): string {
  const type = mimeTypeOf(path)
  return type === 'application/octet-stream' ? 'text/plain' : type
}

/**
 * A state row's or a markdown file's `SKILL.md`: its text when it already opens with frontmatter
 * naming the skill (last id segment) and describing it, else that frontmatter put before it.
 */
export function synthesisedSkillMd(id: string, text: string, description: string): { text: string; frontmatter: JsonObject } {
  const name = lastSegment(id)
  const own = frontmatterOf(text)
  if (own.name === name && typeof own.description === 'string' && own.description.trim() !== '') return { text, frontmatter: own }
  return { text: `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n\n${text}`, frontmatter: { name, description } }
}

/** Why a skill is left out of the extension (E6.2), or undefined when it is published. */
export function unpublishedReason(id: string, frontmatterName: unknown): string | undefined {
  const name = lastSegment(id)
  if (!isSkillName(name)) return notPublishedInvalidName(name)
  if (frontmatterName !== undefined && frontmatterName !== name) return notPublishedNameDiffers(String(frontmatterName), name)
  return undefined
}
