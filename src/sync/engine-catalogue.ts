/**
 * The catalogue of a running engine (E21.1 `--url`), state-registered skills included, read only
 * through the worker's functions: `skills::list` (every served id and where it comes from),
 * `skill::describe_skill` (a skill's SKILL.md and every file of its folder with its digest),
 * `skills::sep-read` (a file's exact bytes, binaries as base64; `skill::read_skill_file` for a text
 * file of a folder the Skills Extension leaves out) and `skills::resources-read` (the body
 * `iii://{id}` serves).
 *
 * The functions do not say whether an fs skill is an Agent Skills folder or a markdown file: one
 * with more files than its SKILL.md, or whose frontmatter has a `name`, is taken as a folder; the
 * others (state rows included) are written as skills of their own.
 */
import { FETCH_CONCURRENCY, SKILL_FILE, afterSkillPrefix, frontmatterOf, iiiUri, isJsonObject, skillFileUri, splitFrontmatter } from '../core/index.js'
import { mapInBatches } from '../fs/index.js'
import type { Catalogue, CatalogueFile, CatalogueSkill, SkillFilter } from './catalogue.js'

/** Calls one function of the engine and resolves with its result. */
export type Invoke = (functionId: string, payload: unknown) => Promise<unknown>

interface EngineSkill extends CatalogueSkill {
  files: CatalogueFile[]
}

/** `events`: tells `listener` of every change the engine reports; returns how to stop. */
export function engineCatalogue(invoke: Invoke, events: (listener: () => void) => () => void, close: () => Promise<void>): Catalogue {
  return {
    async skills(only?: SkillFilter) {
      const listed = await invoke('skills::list', {})
      const entries = isJsonObject(listed) && Array.isArray(listed.skills) ? listed.skills.filter(isJsonObject) : []
      const wanted = entries.filter((entry): entry is typeof entry & { id: string } => typeof entry.id === 'string' && (only === undefined || only(entry.id)))
      // A few calls at a time, in catalogue order (the first of two skills for one folder wins).
      return mapInBatches(wanted, async (entry): Promise<EngineSkill> => {
        const described = await invoke('skill::describe_skill', { name: nameOf(entry.id), detail: 'full' })
        const skill = isJsonObject(described) && isJsonObject(described.skill) ? described.skill : {}
        const text = typeof skill.skill_md_content === 'string' ? skill.skill_md_content : ''
        const files = (Array.isArray(skill.files) ? skill.files.filter(isJsonObject) : [])
          .flatMap((f) => (typeof f.path === 'string' && typeof f.digest === 'string' ? [{ path: f.path, digest: f.digest }] : []))
        const folder = entry.origin === 'fs' && (files.some((f) => f.path !== SKILL_FILE) || namesItself(text))
        return { id: entry.id, kind: folder ? 'folder' : 'other', text, files }
      }, FETCH_CONCURRENCY)
    },
    async folderFiles(skill) {
      return (skill as EngineSkill).files
    },
    async readFile(skill, path) {
      try {
        return bytesOf(await invoke('skills::sep-read', { uri: skillFileUri(skill.id, path) }))
      } catch {
        // Not published as an MCP skill (its name differs from its id): its text files still read.
        const read = await invoke('skill::read_skill_file', { name: nameOf(skill.id), path }).catch(() => undefined)
        return isJsonObject(read) && typeof read.content === 'string' ? Buffer.from(read.content, 'utf8') : undefined
      }
    },
    async body(skill) {
      const read = await invoke('skills::resources-read', { uri: iiiUri(skill.id) })
      const content = isJsonObject(read) && Array.isArray(read.contents) ? read.contents[0] : undefined
      if (!isJsonObject(content) || typeof content.text !== 'string') throw new Error(`no text for ${iiiUri(skill.id)}`)
      return content.text
    },
    // Every served id with its size and date, and the digest of every file of every folder: a file
    // edited in a folder moves it even where the worker's change events only follow SKILL.md. The
    // Skills Extension's listing has the digests of the folders it publishes; describe_skill those of
    // the others.
    async fingerprint() {
      const listed = await invoke('skills::list', {})
      const published = await invoke('skills::sep-list', {})
      const publishedIds = new Set((isJsonObject(published) && Array.isArray(published.skills) ? published.skills.filter(isJsonObject) : [])
        .map((entry) => (typeof entry.uri === 'string' ? afterSkillPrefix(entry.uri)?.slice(0, -`/${SKILL_FILE}`.length) : undefined)))
      const others = (isJsonObject(listed) && Array.isArray(listed.skills) ? listed.skills.filter(isJsonObject) : [])
        .filter((entry) => entry.origin === 'fs' && typeof entry.id === 'string' && !publishedIds.has(entry.id))
      const described = await Promise.all(others.map((entry) => invoke('skill::describe_skill', { name: nameOf(entry.id as string), detail: 'full' }).catch(() => null)))
      return JSON.stringify([listed, published, described.map((d) => (isJsonObject(d) && isJsonObject(d.skill) ? d.skill.files : null))])
    },
    onChange: events,
    close,
  }
}

// "acme/billing" => "acme.billing" (E2: a skill's name is its id with every "/" replaced by ".")
const nameOf = (id: string) => id.replaceAll('/', '.')

function namesItself(text: string): boolean {
  return splitFrontmatter(text).frontmatter !== undefined && frontmatterOf(text).name !== undefined
}

function bytesOf(read: unknown): Buffer | undefined {
  const content = isJsonObject(read) && Array.isArray(read.contents) ? read.contents[0] : undefined
  if (!isJsonObject(content)) return undefined
  if (typeof content.blob === 'string') return Buffer.from(content.blob, 'base64')
  return typeof content.text === 'string' ? Buffer.from(content.text, 'utf8') : undefined
}
