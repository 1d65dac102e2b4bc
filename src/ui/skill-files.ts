/**
 * A skill's supporting files as the catalogue page shows them (E17.3), read through the worker's own
 * functions: `skill::read_skill_file` for text (the same path checks agents get: no `..`, nothing
 * outside the folder) and `skills::sep-read` for a download's raw bytes. Nothing here touches the disk.
 */
import { isJsonObject, mimeTypeOf, protocolName, skillFileUri, skillUri } from '../core/index.js'
import { askOrNothing, describeSkill, type FileEntry, type Invoke } from './answers.js'
import { renderSkillMarkdown } from './render-markdown.js'

export type { FileEntry }

export type FileView =
  | { id: string; path: string; size: number; digest: string; kind: 'markdown'; html: string }
  | { id: string; path: string; size: number; digest: string; kind: 'text'; text: string }
  | { id: string; path: string; size: number; digest: string; kind: 'binary'; mimeType: string }

const MARKDOWN = /\.(md|markdown)$/i

/** The folder's files of skill `id` (undefined: no such skill, or a skill without a folder). */
export async function filesOf(invoke: Invoke, id: string): Promise<FileEntry[] | undefined> {
  if (skillUri(id) === undefined) return undefined
  return (await describeSkill(invoke, id))?.skill.files
}

/** `acme/billing/references/a.md` => the skill and path it names: the longest id whose folder has that file. */
export async function resolveFileRef(invoke: Invoke, ref: string): Promise<{ id: string; path: string } | undefined> {
  for (let slash = ref.lastIndexOf('/'); slash > 0; slash = ref.lastIndexOf('/', slash - 1)) {
    const id = ref.slice(0, slash)
    const path = ref.slice(slash + 1)
    if ((await filesOf(invoke, id))?.some((f) => f.path === path)) return { id, path }
  }
  return undefined
}

/** One file of a folder skill: Markdown rendered and sanitised, other UTF-8 text as is, anything else by size and digest. */
export async function readFileView(invoke: Invoke, id: string, path: string): Promise<FileView | undefined> {
  const entry = (await filesOf(invoke, id))?.find((f) => f.path === path)
  if (entry === undefined) return undefined
  const text = await readText(invoke, id, path)
  if (text === undefined) return { id, ...entry, kind: 'binary', mimeType: mimeTypeOf(path) }
  if (MARKDOWN.test(path)) return { id, ...entry, kind: 'markdown', html: renderSkillMarkdown(text, new Map()).html }
  return { id, ...entry, kind: 'text', text }
}

/** The text of a file, or undefined when read_skill_file refuses it (not UTF-8, too large, gone). */
export async function readText(invoke: Invoke, id: string, path: string): Promise<string | undefined> {
  // Refused (not UTF-8, too large, gone): the page then offers the file as a download.
  return (await askOrNothing(invoke, 'skill::read_skill_file', { name: protocolName(id), path }))?.content
}

/** A file's raw bytes for a download, as the Skills Extension serves them (`skill://<id>/<path>`). */
export async function readFileBytes(invoke: Invoke, id: string, path: string): Promise<Buffer | undefined> {
  if (skillUri(id) === undefined || !(await filesOf(invoke, id))?.some((f) => f.path === path)) return undefined
  try {
    const answer = await invoke('skills::sep-read', { uri: skillFileUri(id, path) })
    const content = isJsonObject(answer) && Array.isArray(answer.contents) ? answer.contents[0] : undefined
    if (!isJsonObject(content)) return undefined
    if (typeof content.blob === 'string') return Buffer.from(content.blob, 'base64')
    return typeof content.text === 'string' ? Buffer.from(content.text, 'utf8') : undefined
  } catch {
    // A file that cannot be read has no bytes to offer; the page says it is unavailable.
    return undefined
  }
}
