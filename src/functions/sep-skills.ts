/**
 * The MCP Skills Extension's catalogue (E6.2–E6.5, SEP-2640), as internal functions the MCP front
 * calls: `skills::sep-list` (every published skill with its frontmatter and the sha256 digest of
 * every file), `skills::sep-read` (one `skill://` file's raw bytes) and `skills::sep-directory` (the
 * direct children of a skill folder or subfolder). Everything is as at call time, so a listing
 * reflects every change completed before it and a read gives the bytes a listing now would digest;
 * with the fs index on, listings and digests come from what the file watcher keeps current, and a
 * page of `skills/list` or one `skills/get` digests only the skills it returns (E13.1).
 */
import { dirname } from 'node:path'
import { SkillsError, compareUtf8, firstAfter, memoizePair, PairKey, settleJsonBound, validateId, indexLine, type JsonObject, messages as msg, digestOf, DIRECTORY_MIME, mimeTypeOf, textMimeTypeOf, synthesisedSkillMd, unpublishedReason, SKILL_FILE, SKILL_URI_PREFIX, afterSkillPrefix, skillFileUri } from '../core/index.js'
import { directChildren, type FsSnapshot, type FsSkill } from '../fs/index.js'
import { listedFiles } from './listed-files.js'
import { defineFunction } from './define.js'
import type { Deps } from './deps.js'
import { readSkillSources, type SkillSummary } from './skill-sources.js'
import { lookupSkill } from './skill-lookup.js'
import { SepListInput, SepUriInput, ANY_VALUE } from '../schemas/index.js'

/** One published skill: its files, and how to read each and learn its size and digest. */
interface Published {
  id: string
  frontmatter: JsonObject
  files(): Promise<string[]>
  read(path: string): Promise<Buffer | undefined>
  facts(path: string): Promise<{ size: number; digest: string } | undefined>
}

/** A file of a `skills/list` entry: E12.3 adds its size in bytes, of the same bytes the digest covers. */
type EntryResource = { uri: string; size: number; digest: string }

/** Skills made ready for a page at once, in URI order. */
const PUBLISH_BATCH = 64

interface SepEntry {
  uri: string
  frontmatter: JsonObject
  resources?: EntryResource[]
}

/** One served skill of the catalogue: its fs index entry unless a state row serves it. */
interface Listed {
  id: string
  uri: string
  file?: FsSkill
  /** A folder skill's entry without digests, made on first use (`null`: not published). */
  bare?: SepEntry | null
}

/** Every served id by its SKILL.md URI, in URI order; which come from state rows. Computed once per change of either source. */
interface Catalogue {
  sorted: Listed[]
  byUri: Map<string, string>
  inState: Set<string>
}

const CATALOGUE = new PairKey<Catalogue>('sep catalogue')

function catalogueOf(state: readonly SkillSummary[], fs: readonly FsSkill[]): Catalogue {
  const sorted: Listed[] = [
    ...state.map((s) => ({ id: s.id, uri: skillFileUri(s.id, SKILL_FILE) })),
    ...fs.map((file) => ({ id: file.id, uri: skillFileUri(file.id, SKILL_FILE), file })),
  ].sort((a, b) => compareUtf8(a.uri, b.uri))
  return { sorted, byUri: new Map(sorted.map(({ id, uri }) => [uri, id])), inState: new Set(state.map((s) => s.id)) }
}

/** The published skills in URI order, those after `after` (or the one at `uri`), at most `limit`; `more` when others follow. */
export const skillsSepList = defineFunction({
  id: 'skills::sep-list',
  description: 'Internal: the MCP Skills Extension (SEP-2640) catalogue: every published skill with its frontmatter and the sha256 digest of each file.',
  input: { schema: SepListInput, schemaTitle: 'SepListInput' },
  output: ANY_VALUE,
  metadata: { internal: true },
}, listSepSkills)

export const skillsSepRead = defineFunction({
  id: 'skills::sep-read',
  description: `Internal: one ${SKILL_URI_PREFIX} file of the MCP Skills Extension, as text or base64 blob.`,
  input: { schema: SepUriInput, schemaTitle: 'SepUriInput' },
  output: ANY_VALUE,
  metadata: { internal: true },
}, readSepResource)

export const skillsSepDirectory = defineFunction({
  id: 'skills::sep-directory',
  description: `Internal: the direct children of a ${SKILL_URI_PREFIX} folder (resources/directory/read).`,
  input: { schema: SepUriInput, schemaTitle: 'SepUriInput' },
  output: ANY_VALUE,
  metadata: { internal: true },
}, readSepDirectory)

/** Every served id in URI order, memoised on the state view and fs snapshot it is built from. */
export async function sepCatalogue(deps: Deps): Promise<{ catalogue: Catalogue; snapshot: FsSnapshot }> {
  const { state, fs, snapshot } = await readSkillSources(deps)
  return { catalogue: memoizePair(state, snapshot, CATALOGUE, () => catalogueOf(state, fs)), snapshot }
}

export async function listSepSkills(input: SepListInput, deps: Deps): Promise<{ skills: SepEntry[]; more?: true }> {
  const { catalogue, snapshot } = await sepCatalogue(deps)
  let candidates: readonly Listed[] = catalogue.sorted
  let first = 0
  if (input.uri != null) {
    const id = catalogue.byUri.get(input.uri)
    candidates = id === undefined ? [] : [{ id, uri: input.uri }]
  } else if (input.after != null) first = firstAfter(catalogue.sorted, input.after, (entry) => entry.uri)
  const limit = input.limit ?? Number.POSITIVE_INFINITY
  const bare = input.digests === false
  const page: Array<Published | SepEntry> = []
  let more = false
  for (let start = first; start < candidates.length && !more; start += PUBLISH_BATCH) {
    const found = candidates.slice(start, start + PUBLISH_BATCH).map((listed) => {
      const inState = catalogue.inState.has(listed.id)
      return bare && !inState ? bareFsEntry(listed, deps, snapshot) : publishedOf(listed.id, deps, inState, snapshot)
    })
    const batch = found.some((p) => p instanceof Promise) ? await Promise.all(found) : (found as Array<Published | SepEntry | undefined>)
    for (const published of batch) {
      if (published === undefined) continue
      if (page.length === limit) {
        more = true
        break
      }
      page.push(published)
    }
  }
  const skills = bare ? page.map((p) => ('uri' in p ? p : bareEntry(p))) : await Promise.all((page as Published[]).map(entryOf))
  return more ? { skills, more } : { skills }
}

function bareEntry(p: Pick<Published, 'id' | 'frontmatter'>): SepEntry {
  return { uri: skillFileUri(p.id, SKILL_FILE), frontmatter: p.frontmatter }
}

/**
 * Makes every folder skill's entry without digests of `sep` (sepCatalogue's answer) ahead of the first
 * listing (functions/first-listing.ts). Folder skills only: a Markdown file's entry needs its file read,
 * which a listing does when it asks.
 */
export function prepareBareFolderEntries({ catalogue, snapshot }: Awaited<ReturnType<typeof sepCatalogue>>, deps: Deps): void {
  for (const listed of catalogue.sorted) {
    if (listed.file?.kind === 'folder' && !catalogue.inState.has(listed.id)) void bareFsEntry(listed, deps, snapshot)
  }
}

/**
 * An fs skill's entry without digests. A folder skill's is made once per catalogue and is the same
 * settled object on every page that lists it (core/limits.ts: the response guard adds its bound instead
 * of walking it); a Markdown file's is made from its synthesised SKILL.md each time.
 */
function bareFsEntry(listed: Listed, deps: Deps, snapshot: FsSnapshot): SepEntry | undefined | Promise<SepEntry | undefined> {
  const file = listed.file ?? snapshot.findSkill(listed.id)
  if (file === undefined) return undefined
  if (file.kind !== 'folder') return markdownSkill(file, deps).then((p) => (p === undefined ? undefined : bareEntry(p)))
  listed.bare ??= isPublishedFolder(file) ? settleJsonBound(bareEntry(file)) : null
  return listed.bare ?? undefined
}

async function entryOf(p: Published): Promise<SepEntry> {
  const entry = bareEntry(p)
  const resources: EntryResource[] = []
  // A folder that cannot be listed is listed without its files, and is a warning in skills::diagnostics (E11.6).
  const files = await p.files().catch((error: unknown) => {
    if (error instanceof SkillsError) return undefined
    throw error
  })
  if (files === undefined) return entry
  const fileFacts = await Promise.all(files.map((path) => p.facts(path)))
  for (const [i, path] of files.entries()) {
    const facts = fileFacts[i]
    if (facts !== undefined) resources.push({ uri: skillFileUri(p.id, path), size: facts.size, digest: facts.digest })
  }
  return { ...entry, resources }
}

export async function readSepResource(input: SepUriInput, deps: Deps) {
  const found = await locate(input.uri, deps)
  const bytes = found === undefined ? undefined : await found.skill.read(found.path)
  if (found === undefined || bytes === undefined) throw new SkillsError(msg.resourceNotFound(input.uri))
  const text = utf8(bytes)
  return {
    contents: [text === undefined
      ? { uri: input.uri, mimeType: mimeTypeOf(found.path), blob: bytes.toString('base64') }
      : { uri: input.uri, mimeType: textMimeTypeOf(found.path), text }],
  }
}

export async function readSepDirectory(input: SepUriInput, deps: Deps) {
  const found = await locate(`${input.uri.replace(/\/$/, '')}/`, deps)
  if (found === undefined) throw new SkillsError(msg.notADirectory(input.uri))
  const files = await found.skill.files()
  const sub = found.path.replace(/\/$/, '')
  const children = directChildren(files, sub)
  if (sub !== '' && children.files.length === 0 && children.dirs.length === 0) throw new SkillsError(msg.notADirectory(input.uri))
  const base = `${SKILL_URI_PREFIX}${found.skill.id}${sub === '' ? '' : `/${sub}`}`
  return {
    resources: [
      ...children.dirs.map((name) => ({ uri: `${base}/${name}`, name, mimeType: DIRECTORY_MIME })),
      ...children.files.map((name) => ({ uri: `${base}/${name}`, name, mimeType: mimeTypeOf(name) })),
    ].sort((a, b) => compareUtf8(a.uri, b.uri)),
  }
}

/** The skill and the file path a `skill://` URI names: the longest id prefix that is a published skill. */
async function locate(uri: string, deps: Deps): Promise<{ skill: Published; path: string } | undefined> {
  const rest = afterSkillPrefix(uri)
  if (rest === undefined) return undefined
  const segments = rest.split('/')
  if (segments.some((s, i) => (s === '' && i < segments.length - 1) || s === '.' || s === '..')) return undefined
  for (let k = segments.length - 1; k >= 1; k--) {
    const id = segments.slice(0, k).join('/')
    if (validateId(id) !== undefined) continue
    const skill = await findPublished(id, deps)
    if (skill !== undefined) return { skill, path: segments.slice(k).join('/') }
  }
  return undefined
}

/** The skill `id` as published now, or undefined when it is not served or not publishable (a row wins over a file). */
async function findPublished(id: string, deps: Deps, snapshot?: FsSnapshot): Promise<Published | undefined> {
  const found = await lookupSkill(id, deps, snapshot)
  if (found === undefined) return undefined
  if ('row' in found) return single(id, found.row.skill, indexDescription(found.row.skill, id))
  return fsPublishedFile(found.file, deps, snapshot ?? (await deps.fs.snapshot()))
}

/** findPublished for a listing, which knows whether `id` is a row: a folder skill is found without waiting. */
function publishedOf(id: string, deps: Deps, inState: boolean, snapshot: FsSnapshot): Published | undefined | Promise<Published | undefined> {
  return inState ? findPublished(id, deps, snapshot) : fsPublished(id, deps, snapshot)
}

function fsPublished(id: string, deps: Deps, snapshot: FsSnapshot): Published | undefined | Promise<Published | undefined> {
  const file = snapshot.findSkill(id)
  return file === undefined ? undefined : fsPublishedFile(file, deps, snapshot)
}

function fsPublishedFile(file: FsSkill, deps: Deps, snapshot: FsSnapshot): Published | undefined | Promise<Published | undefined> {
  return file.kind === 'folder' ? folderSkill(file, deps, snapshot) : markdownSkill(file, deps)
}

function folderSkill(file: FsSkill, deps: Deps, snapshot: FsSnapshot): Published | undefined {
  return isPublishedFolder(file) ? new FolderSkill(file, deps, snapshot) : undefined
}

/** E6.2: a folder is published when its frontmatter `name` is its id's last segment. */
function isPublishedFolder(file: FsSkill): boolean {
  return unpublishedReason(file.id, file.frontmatter.name) === undefined
}

/** A published skill folder (methods, not closures: a listing page makes 500 of these). */
class FolderSkill implements Published {
  readonly id: string
  readonly frontmatter: JsonObject

  constructor(private readonly file: FsSkill, private readonly deps: Deps, private readonly snapshot: FsSnapshot) {
    this.id = file.id
    this.frontmatter = file.frontmatter
  }

  files(): Promise<string[]> {
    return listedFiles(this.id, dirname(this.file.path), this.deps, this.snapshot)
  }

  read(path: string): Promise<Buffer | undefined> {
    return this.deps.fs.reads.folderBytes(dirname(this.file.path), path)
  }

  facts(path: string): Promise<{ size: number; digest: string } | undefined> {
    return this.snapshot.fileFacts(dirname(this.file.path), path)
  }
}

async function markdownSkill(file: FsSkill, deps: Deps): Promise<Published | undefined> {
  const read = await deps.fs.reads.text(file.path)
  if (!read.ok) return undefined
  return single(file.id, read.text, file.description ?? file.title ?? file.id)
}

function single(id: string, text: string, description: string): Published | undefined {
  const skillMd = synthesisedSkillMd(id, text, description)
  if (unpublishedReason(id, skillMd.frontmatter.name) !== undefined) return undefined
  const bytes = Buffer.from(skillMd.text, 'utf8')
  const read = async (path: string) => (path === SKILL_FILE ? bytes : undefined)
  const facts = async (path: string) => (path === SKILL_FILE ? { size: bytes.length, digest: digestOf(bytes) } : undefined)
  return { id, frontmatter: skillMd.frontmatter, files: async () => [SKILL_FILE], read, facts }
}

// The index line's description, else its title, else the id (E6.2).
function indexDescription(body: string, id: string): string {
  const { description, title } = indexLine({ id, body })
  return description ?? title ?? id
}

// E13.2: the text is the bytes exactly, a byte-order mark included, so it matches its digest.
const UTF8_EXACT = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

function utf8(bytes: Buffer): string | undefined {
  try {
    return UTF8_EXACT.decode(bytes)
  } catch {
    // Not UTF-8: served as a base64 blob instead of text.
    return undefined
  }
}
