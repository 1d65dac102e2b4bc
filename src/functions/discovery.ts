/**
 * The Skills Protocol discovery functions (E2): `skill::list_skills` (keyset pages of names),
 * `skill::describe_skill` (manifest, frontmatter, SKILL.md) and `skill::read_skill_file` (a file of
 * the skill's folder, confined to it). Lookups read the skill as it is at call time.
 */
import { parse as parseToml } from 'smol-toml'
import { defaultManifest, protocolSkill } from '../core/discovery.js'
import { check, errorText, SkillsError } from '../core/errors.js'
import { compareUtf8 } from '../core/ids.js'
import type { JsonObject } from '../core/json.js'
import { decodeListCursor, encodeListCursor } from '../core/list-cursor.js'
import * as msg from '../core/messages.js'
import { SKILL_FILE } from '../core/skill-folder.js'
import { checkSkillPath } from '../core/skill-path.js'
import { readFolderFile, readFolderFileIfAny } from '../fs/folder-file.js'
import type { DescribeSkillRequest, ListSkillsRequest, ReadSkillFileRequest } from '../schemas/discovery.js'
import type { Deps } from './deps.js'
import { protocolEntries, resolveProtocolSkill, skillMdText, type ResolvedSkill } from './discovery-entries.js'

const MANIFEST_FILE = 'skill.toml'

export async function listProtocolSkills(input: ListSkillsRequest, deps: Deps) {
  const namespace = input.namespace ?? undefined
  const after = input.cursor === undefined || input.cursor === null ? undefined : decodeListCursor(input.cursor, namespace)
  const all = await protocolEntries(deps)
  const entries = namespace === undefined ? all : all.filter((entry) => entry.namespace === namespace)
  const start = after === undefined ? 0 : firstAfter(entries, after)
  const page = entries.slice(start, start + input.limit)
  const last = page.at(-1)
  const more = start + input.limit < entries.length && last !== undefined
  return {
    skills: page.map((entry) => protocolSkill(entry, input.detail)),
    next_cursor: more ? encodeListCursor(last.name, namespace) : null,
  }
}

// Index of the first entry whose name sorts after `name` (binary search; entries are sorted by name).
function firstAfter(entries: ReadonlyArray<{ name: string }>, name: string): number {
  let low = 0
  let high = entries.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (compareUtf8((entries[mid] as { name: string }).name, name) <= 0) low = mid + 1
    else high = mid
  }
  return low
}

export async function describeProtocolSkill(input: DescribeSkillRequest, deps: Deps) {
  const resolved = await resolveProtocolSkill(input.name, input.version, deps)
  const manifest = await manifestOf(resolved, input.name)
  if (input.detail === 'manifest') return { skill: { manifest } }
  if (input.detail === 'summary') return { skill: { manifest, skill_md_frontmatter: resolved.frontmatter } }
  return { skill: { manifest, skill_md_frontmatter: resolved.frontmatter, skill_md_content: skillMdText(resolved) } }
}

// A folder's skill.toml goes through the same confinement as any file of it.
async function manifestOf(resolved: ResolvedSkill, name: string): Promise<JsonObject> {
  const toml = resolved.folder === undefined ? undefined : await readFolderFileIfAny(resolved.folder, MANIFEST_FILE)
  if (toml === undefined) return defaultManifest(resolved.entry, resolved.fields.tags)
  try {
    // TOML dates become their RFC 3339 text, as JSON has no date type.
    return JSON.parse(JSON.stringify(parseToml(toml))) as JsonObject
  } catch (error) {
    throw new SkillsError(msg.invalidSkillToml(name, errorText(error)))
  }
}

export async function readProtocolSkillFile(input: ReadSkillFileRequest, deps: Deps) {
  check(checkSkillPath(input.path))
  const resolved = await resolveProtocolSkill(input.name, input.version, deps)
  if (resolved.folder !== undefined) return { content: await readFolderFile(resolved.folder, input.path) }
  if (input.path !== SKILL_FILE) throw new SkillsError(msg.fileNotFound(input.path))
  return { content: skillMdText(resolved) }
}
