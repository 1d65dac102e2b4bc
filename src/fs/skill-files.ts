/**
 * `expand_skill_globs` (§6.3) with Agent Skills folders (E1): every pattern in config order, every
 * match in glob order; a match named `SKILL.md` is a skill folder (its id is the folder's path,
 * its frontmatter must hold), any other match a markdown file (its id is its path minus `.md`). An
 * id that fails validation, a folder that fails E1, or an id another file already produced is
 * skipped with a reason (first match wins; the same file reached through two patterns is silently
 * kept once). Sorted by id.
 *
 * `loadSkillFile` is the one place a skill file becomes an entry: everything listings need is
 * derived from a single read of it, and what the entry keeps of the text is copied out of it
 * (`detached`), so the index never holds a skill's whole file.
 */
import { detached, discoveryFields, splitFrontmatter, decodeRepairedFrontmatter, frontmatterOf, utf8Length, validateId, indexLine, messages as msg, checkFolderFrontmatter, folderDescription, folderIndexLine, folderSkillId, isSkillFile, SKILL_FRONTMATTER_STRUCT, failed, ok, type Result, settleJsonBound, type FsLimits } from '../core/index.js'
import type { Logger } from 'pino'
import { expandUnique, type Loaded } from './expand-unique.js'
import { noteLoadedText } from './file-digest.js'
import type { FileMeta } from './file-meta.js'
import { directView, type FsView } from './fs-view.js'
import type { GlobMatch } from './glob-matches.js'
import { bodyOfFileText } from './entry-body.js'
import type { ReadText } from './read-text.js'
import { readWithMeta } from './read-with-meta.js'
import type { FsSkill, FsSkip } from './types.js'

export type { FsSkill, FsSkip }

export async function expandSkillGlobs(
  patterns: readonly string[],
  baseDir: string,
  log: Logger,
  view: FsView = directView,
): Promise<{ skills: FsSkill[]; skipped: FsSkip[] }> {
  const { entries, skipped } = await expandUnique<FsSkill>(patterns, baseDir, log, {
    kind: 'skill',
    load: loadSkillFile,
    keyOf: (skill) => skill.id,
    duplicate: msg.fsDuplicateId,
  }, view)
  return { skills: entries, skipped }
}

/** One glob match => its entry, or the reason it is skipped. */
export async function loadSkillFile(match: GlobMatch, view: FsView = directView): Promise<Loaded<FsSkill>> {
  const kind = isSkillFile(match.path) ? 'folder' : 'file'
  const id = kind === 'folder' ? folderSkillId(match.id, match.path) : match.id
  const invalid = validateId(id)
  if (invalid !== undefined) return failed(msg.fsInvalidId(id, invalid))
  const read = await readSkillEntry(id, match.path, kind, view.limits)
  if (!read.ok) return read
  if (read.value.text !== undefined) noteLoadedText(read.value.entry, read.value.text)
  return ok(read.value.entry)
}

/** A loaded skill with the text it came from, or (a markdown file is listed even then) why it could not be read. */
type SkillRead = Result<{ entry: FsSkill } & ({ text: string } | { text: undefined; error: string })>

/** The skill as its file is now, for reads that must reflect the file at call time. */
export async function readSkillEntry(id: string, path: string, kind: FsSkill['kind'], limits: FsLimits): Promise<SkillRead> {
  const { read, meta } = await readWithMeta(path, limits.textFileBytes)
  return kind === 'folder' ? folderSkill(id, path, read, meta, limits) : fileSkill(id, path, read, meta, limits)
}

function fileSkill(id: string, path: string, read: ReadText, meta: FileMeta, limits: FsLimits): SkillRead {
  const text = read.ok ? read.text : undefined
  const served = text === undefined ? undefined : bodyOfFileText(path, text, limits)
  const { title, description } = indexLine({ id, body: served !== undefined && served.ok ? served.value : undefined })
  const frontmatter = text === undefined ? {} : frontmatterOf(text)
  const entry: FsSkill = {
    id, path, kind: 'file', bytes: meta.bytes, registeredAt: meta.registeredAt,
    title: detached(title), description: detached(description), frontmatter, discovery: discoveryFields(frontmatter),
    ...(text === undefined ? {} : { bodyBytes: utf8Length(splitFrontmatter(text).body) }),
  }
  return ok(read.ok ? { entry, text: read.text } : { entry, text: undefined, error: readError(read, limits) })
}

function readError(read: Exclude<ReadText, { ok: true }>, limits: FsLimits): string {
  return read.tooLarge ? msg.ioFileTooLarge(read.size, limits.textFileBytes) : read.error
}

function folderSkill(id: string, path: string, read: ReadText, meta: FileMeta, limits: FsLimits): SkillRead {
  if (!read.ok) return failed(msg.fsReadFailed(readError(read, limits)))
  const { frontmatter: block } = splitFrontmatter(read.text)
  if (block === undefined) return failed(msg.FS_NO_FRONTMATTER)
  const decoded = decodeRepairedFrontmatter(block, SKILL_FRONTMATTER_STRUCT)
  if ('error' in decoded) return failed(msg.fsFrontmatterYaml(decoded.error))
  const checked = checkFolderFrontmatter(decoded.frontmatter, id)
  if (!checked.ok) return checked
  const warnings = decoded.repaired === undefined ? checked.value : [msg.fsYamlRepaired(decoded.repaired), ...checked.value]
  const { title, description } = folderIndexLine(id, decoded.data, decoded.frontmatter)
  const entry: FsSkill = {
    id, path, kind: 'folder', bytes: meta.bytes, registeredAt: meta.registeredAt,
    // Served on every listing (skills/list, resources/list): settled, so the response guard does not walk it each time.
    title: detached(title), description: detached(description), frontmatter: settleJsonBound(decoded.data), discovery: discoveryFields(decoded.data),
    fullDescription: detached(folderDescription(decoded.frontmatter)), bodyBytes: utf8Length(splitFrontmatter(read.text).body),
    ...(warnings.length > 0 ? { warnings } : {}),
  }
  return ok({ entry, text: read.text })
}
