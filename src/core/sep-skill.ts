/**
 * The MCP Skills Extension's view of one skill (E6.2, SEP-2640): `skill://<id>/SKILL.md` and its
 * files, sha256 digests of raw bytes, MIME types by extension, and the `SKILL.md` synthesised for a
 * state row or a plain markdown file.
 */
import { createHash } from 'node:crypto'
import { frontmatterOf } from './frontmatter-yaml.js'
import type { JsonObject } from './json-object.js'
import { notPublishedInvalidName, notPublishedNameDiffers } from './messages.js'
import { isSkillName, SKILL_FILE } from './skill-folder.js'

export const SKILL_SCHEME = 'skill://'
export const DIRECTORY_MIME = 'inode/directory'

export const skillUri = (id: string, path: string = SKILL_FILE) => `${SKILL_SCHEME}${id}/${path}`
export const lastSegment = (id: string) => id.slice(id.lastIndexOf('/') + 1)

// "sha256:" + 64 lowercase hex of the raw bytes
export function digestOf(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`
}

const MIME: Record<string, string> = {
  md: 'text/markdown', txt: 'text/plain', py: 'text/x-python', js: 'text/javascript', ts: 'text/typescript', sh: 'text/x-shellscript',
  json: 'application/json', yaml: 'application/yaml', yml: 'application/yaml', toml: 'application/toml', html: 'text/html', css: 'text/css',
  csv: 'text/csv', xml: 'application/xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml',
  pdf: 'application/pdf', zip: 'application/zip', ttf: 'font/ttf', otf: 'font/otf', woff: 'font/woff', woff2: 'font/woff2',
}

export function mimeTypeOf(path: string): string {
  const dot = path.lastIndexOf('.')
  return (dot === -1 ? undefined : MIME[path.slice(dot + 1).toLowerCase()]) ?? 'application/octet-stream'
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
