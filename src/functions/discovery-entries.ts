/**
 * The Skills Protocol view of the registry (E2): every skill the index lists (state rows, then the
 * fs skills no state row shadows) as a protocol entry sorted by name, and one skill looked up by
 * name as it is at call time (the state row or the file read now, never a cached copy).
 */
import { dirname } from 'node:path'
import { discoveryFields, idOfName, protocolEntry, type DiscoveryFields, type ProtocolEntry, InvalidParamsError, SkillsError, splitFrontmatter, frontmatterOf, validateId, indexLine, type JsonObject, MemoKey, memoize, messages as msg } from '../core/index.js'
import { readSkillEntry } from '../fs/index.js'
import type { Deps } from './deps.js'
import { mergeById, readSkillSources } from './skill-sources.js'
import { lookupSkill } from './skill-lookup.js'

const PROTOCOL_ENTRIES = new MemoKey<ProtocolEntry[]>('protocol entries')

/** Every entry, sorted by name (byte order, the same as by id since `/` => `.` keeps the order). */
export async function protocolEntries(deps: Deps): Promise<ProtocolEntry[]> {
  const { state, fs } = await readSkillSources(deps)
  const stateEntries = memoize(state, PROTOCOL_ENTRIES, () =>
    state.map((s) => protocolEntry(s.id, s.discovery ?? {}, s.description)))
  return mergeById(stateEntries, fs.map((s) => protocolEntry(s.id, s.discovery, s.description)))
}

/** One skill as it is now. */
export interface ResolvedSkill {
  entry: ProtocolEntry
  fields: DiscoveryFields
  /** The parsed frontmatter, `{}` when there is none. */
  frontmatter: JsonObject
  /** The folder of an Agent Skills folder; undefined for a state row or a markdown file. */
  folder: string | undefined
  /** What `SKILL.md` is: the stored body, the markdown file's text, the folder's SKILL.md as read. */
  skillMd: { text: string } | { error: string }
  /** A state row (served as stored) rather than a file (served without its frontmatter). */
  fromState: boolean
  /** What E5.1 served the folder despite (absent when nothing). */
  warnings?: string[]
}

/** The skill `name` names, checked against `version` when one is given. */
export async function resolveProtocolSkill(name: string, version: string | null | undefined, deps: Deps): Promise<ResolvedSkill> {
  const resolved = await findByName(name, deps)
  if (resolved === undefined) throw new InvalidParamsError(msg.skillNotFound(name))
  if (version !== undefined && version !== null && version !== resolved.entry.version) {
    throw new InvalidParamsError(msg.skillVersionNotFound(name, version))
  }
  return resolved
}

/** The body `iii://<id>` serves: a state row as stored, a file's text after its frontmatter. */
export function resolvedSkillBody(resolved: ResolvedSkill): string {
  const text = skillMdText(resolved)
  return resolved.fromState ? text : splitFrontmatter(text).body
}

/** The text of `SKILL.md`, or the read error of a markdown file that cannot be read. */
export function skillMdText(resolved: ResolvedSkill): string {
  if ('error' in resolved.skillMd) throw new SkillsError(resolved.skillMd.error)
  return resolved.skillMd.text
}

async function findByName(name: string, deps: Deps): Promise<ResolvedSkill | undefined> {
  const id = idOfName(name)
  if (id === undefined || validateId(id) !== undefined) return undefined
  const lookup = await lookupSkill(id, deps)
  if (lookup === undefined) return undefined
  if ('row' in lookup) return fromBody(id, lookup.row.skill)
  const found = lookup.file
  const read = await readSkillEntry(found.id, found.path, found.kind, deps.fs.limits)
  if (!read.ok) return undefined
  const { entry: skill, ...file } = read.value
  return {
    entry: protocolEntry(id, skill.discovery, skill.description),
    fields: skill.discovery,
    frontmatter: skill.frontmatter,
    folder: skill.kind === 'folder' ? dirname(skill.path) : undefined,
    skillMd: file.text === undefined ? { error: msg.readFailed(skill.path, file.error) } : { text: file.text },
    fromState: false,
    ...(skill.warnings === undefined ? {} : { warnings: skill.warnings }),
  }
}

function fromBody(id: string, body: string): ResolvedSkill {
  const frontmatter = frontmatterOf(body)
  const fields = discoveryFields(frontmatter)
  return {
    entry: protocolEntry(id, fields, indexLine({ id, body }).description),
    fields,
    frontmatter,
    folder: undefined,
    skillMd: { text: body },
    fromState: true,
  }
}
