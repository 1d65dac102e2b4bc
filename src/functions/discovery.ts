/**
 * The Skills Protocol discovery functions (E2): `skill::list_skills` (keyset pages of names),
 * `skill::describe_skill` (manifest, frontmatter, SKILL.md) and `skill::read_skill_file` (a file of
 * the skill's folder, confined to it). Lookups read the skill as it is at call time.
 */
import { parse as parseToml } from 'smol-toml'
import { defaultManifest, firstAfter, protocolSkill, checkParam, errorText, InvalidParamsError, SkillsError, type JsonObject, decodeListCursor, encodeListCursor, messages as msg, SKILL_FILE, digestOf, cutWithin, decodePageCursor, encodePageCursor, type PageOf, tokenizer, checkSkillPath, III_URI_PREFIX } from '../core/index.js'
import { listedFiles, nestedSkillsOf } from './listed-files.js'
import { underNestedSkill } from '../fs/index.js'
import { DescribeSkillRequest, DescribeSkillResponse, ListSkillsRequest, ListSkillsResponse, ProtocolSkill, ReadSkillFileRequest, ReadSkillFileResponse } from '../schemas/index.js'
import { defineFunction, READ_ONLY } from './define.js'
import type { Deps } from './deps.js'
import { protocolEntries, resolveProtocolSkill, resolvedSkillBody, skillMdText, type ResolvedSkill } from './discovery-entries.js'

const MANIFEST_FILE = 'skill.toml'

export const skillListSkills = defineFunction({
  id: 'skill::list_skills',
  description: `Skills Protocol list_skills: page through the skills by name (${III_URI_PREFIX}acme/billing is "acme.billing"), ` +
    'optionally within one namespace; pass next_cursor back as cursor for the next page.',
  input: { schema: ListSkillsRequest, schemaTitle: 'ListSkillsRequest' },
  output: { schema: ListSkillsResponse, schemaTitle: 'ListSkillsResponse', definitions: { ProtocolSkill } },
  tool: { title: 'List skills', annotations: READ_ONLY, role: 'find', hint: 'to page through them by name' },
}, listProtocolSkills)

export const skillDescribeSkill = defineFunction({
  id: 'skill::describe_skill',
  description: "Skills Protocol describe_skill: a skill's manifest, plus its SKILL.md frontmatter (detail \"summary\") " +
    'and text (detail "full").',
  input: { schema: DescribeSkillRequest, schemaTitle: 'DescribeSkillRequest' },
  output: { schema: DescribeSkillResponse, schemaTitle: 'DescribeSkillResponse' },
  tool: { title: 'Describe skill', annotations: READ_ONLY, role: 'read', hint: 'its manifest and files' },
}, describeProtocolSkill)

export const skillReadSkillFile = defineFunction({
  id: 'skill::read_skill_file',
  description: "Skills Protocol read_skill_file: one UTF-8 text file of a skill's folder (SKILL.md, references/..., " +
    'scripts/...), never anything outside it.',
  input: { schema: ReadSkillFileRequest, schemaTitle: 'ReadSkillFileRequest' },
  output: { schema: ReadSkillFileResponse, schemaTitle: 'ReadSkillFileResponse' },
  tool: { title: 'Read skill file', annotations: READ_ONLY, role: 'read', hint: 'one file of a skill folder; a long file pages with a cursor' },
}, readProtocolSkillFile)

export async function listProtocolSkills(input: ListSkillsRequest, deps: Deps) {
  const namespace = input.namespace ?? undefined
  const after = input.cursor === undefined || input.cursor === null ? undefined : decodeListCursor(input.cursor, namespace)
  const all = await protocolEntries(deps)
  const entries = namespace === undefined ? all : all.filter((entry) => entry.namespace === namespace)
  const start = after === undefined ? 0 : firstAfter(entries, after, (entry) => entry.name)
  const page = entries.slice(start, start + input.limit)
  const last = page.at(-1)
  const more = start + input.limit < entries.length && last !== undefined
  const skills: ProtocolSkill[] = input.detail === 'summary'
    ? await Promise.all(page.map(async (entry) => ({ ...protocolSkill(entry, 'summary'), tokens: await servedTokens(entry.name, deps) })))
    : page.map((entry) => protocolSkill(entry, input.detail))
  return { skills, next_cursor: more ? encodeListCursor(last.name, namespace) : null }
}

/** Tokens of the body `iii://<id>` serves now (E7.5); a skill that can no longer be read counts 0. */
async function servedTokens(name: string, deps: Deps): Promise<number> {
  const resolved = await resolveProtocolSkill(name, undefined, deps).catch(() => undefined)
  return resolved === undefined ? 0 : bodyTokens(resolved)
}

async function bodyTokens(resolved: ResolvedSkill): Promise<number> {
  return 'error' in resolved.skillMd ? 0 : (await tokenizer()).count(resolvedSkillBody(resolved))
}

export async function describeProtocolSkill(input: DescribeSkillRequest, deps: Deps) {
  const resolved = await resolveProtocolSkill(input.name, input.version, deps)
  const manifest = await manifestOf(resolved, input.name, deps)
  const tokens = await bodyTokens(resolved)
  const warnings = resolved.warnings === undefined ? {} : { warnings: resolved.warnings }
  const digest = 'error' in resolved.skillMd ? digestOf(Buffer.alloc(0)) : digestOf(Buffer.from(resolved.skillMd.text, 'utf8'))
  if (input.detail === 'manifest') return { skill: { manifest, tokens, digest }, ...warnings }
  if (input.detail === 'summary') return { skill: { manifest, skill_md_frontmatter: resolved.frontmatter, tokens, digest }, ...warnings }
  const files = await filesOf(resolved, deps)
  return { skill: { manifest, skill_md_frontmatter: resolved.frontmatter, skill_md_content: skillMdText(resolved), tokens, digest, files }, ...warnings }
}

/** E6.8: every file read_skill_file serves (nested skill folders' files are theirs), size and digest. */
async function filesOf(resolved: ResolvedSkill, deps: Deps): Promise<Array<{ path: string; size: number; digest: string }>> {
  if (resolved.folder === undefined) {
    const bytes = Buffer.from(skillMdText(resolved), 'utf8')
    return [{ path: SKILL_FILE, size: bytes.length, digest: digestOf(bytes) }]
  }
  const folder = resolved.folder
  const snapshot = await deps.fs.snapshot()
  const nested = nestedSkillsOf(folder, snapshot)
  const own = (await listedFiles(resolved.entry.id, folder, deps, snapshot)).filter((p) => !underNestedSkill(p, nested))
  const files = await Promise.all(own.map(async (path) => {
    const facts = await snapshot.fileFacts(folder, path)
    return facts === undefined ? undefined : { path, ...facts }
  }))
  return files.filter((f): f is { path: string; size: number; digest: string } => f !== undefined)
}

// A folder's skill.toml goes through the same confinement as any file of it. Its refusal is the
// skill's fault, not the caller's (who named no path), so it is no InvalidParamsError.
/** skill.toml sits at the folder's top, where no nested folder can hold it. */
const NO_NESTED = () => false

async function manifestOf(resolved: ResolvedSkill, name: string, deps: Deps): Promise<JsonObject> {
  const toml = resolved.folder === undefined ? undefined : await deps.fs.reads.folderFileIfAny(resolved.folder, MANIFEST_FILE, NO_NESTED).catch((error: unknown) => {
    throw error instanceof InvalidParamsError ? new SkillsError(error.message) : error
  })
  if (toml === undefined) return defaultManifest(resolved.entry, resolved.fields.tags)
  try {
    // TOML dates become their RFC 3339 text, as JSON has no date type.
    return JSON.parse(JSON.stringify(parseToml(toml))) as JsonObject
  } catch (error) {
    throw new SkillsError(msg.invalidSkillToml(name, errorText(error)))
  }
}

export async function readProtocolSkillFile(input: ReadSkillFileRequest, deps: Deps) {
  checkParam(checkSkillPath(input.path))
  const resolved = await resolveProtocolSkill(input.name, input.version, deps)
  let content: string
  if (resolved.folder !== undefined) content = await deps.fs.reads.folderFile(resolved.folder, input.path, nestedSkillsOf(resolved.folder, await deps.fs.snapshot()))
  else if (input.path !== SKILL_FILE) throw new InvalidParamsError(msg.fileNotFound(input.path))
  else content = skillMdText(resolved)
  if (input.if_none_match != null) {
    const digest = digestOf(Buffer.from(content, 'utf8'))
    if (digest === input.if_none_match) return { not_modified: true as const, digest }
  }
  if (input.max_tokens == null && input.cursor == null) return { content }
  return pageOf({ name: input.name, path: input.path, text: content }, input.max_tokens ?? undefined, input.cursor ?? undefined)
}

/** One page (E7.4): from the cursor's offset (or the start) to the budget's cut (or the end). */
async function pageOf(of: PageOf, max: number | undefined, cursor: string | undefined): Promise<{ content: string; next_cursor?: string }> {
  const from = cursor === undefined ? 0 : decodePageCursor(cursor, of)
  const end = max === undefined ? of.text.length : await cutWithin(of.text, from, max, await tokenizer())
  const content = of.text.slice(from, end)
  return end < of.text.length ? { content, next_cursor: encodePageCursor(of, end) } : { content }
}
