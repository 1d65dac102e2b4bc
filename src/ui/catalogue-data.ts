/**
 * What the catalogue page shows, read through the worker's own functions (the same calls any iii
 * worker or the MCP front makes), so the page shows exactly what agents are served.
 */
import { isJsonObject, encodeListCursor, skillUri, brokenLinks, type BrokenLink, INDEX_URI, protocolName } from '../core/index.js'
import { mapInBatches } from '../fs/index.js'
import { ask, askOrNothing, describeSkill, type FileEntry, type Invoke } from './answers.js'
import { markdownLinks, renderSkillMarkdown } from './render-markdown.js'

export type { Invoke }

interface CatalogueSkill {
  id: string
  title: string
  description: string | undefined
  origin: string
  /** Tokens (o200k_base) of the body iii://<id> serves; undefined when unknown. */
  tokens: number | undefined
}

interface SkillView {
  id: string
  title: string
  description: string | undefined
  tokens: number | undefined
  /** The body rendered and sanitised (render-markdown.ts). */
  html: string
  outline: Array<{ anchor: string; heading: string; level: number; tokens: number }>
  /** The folder's files with sizes and digests; undefined for a skill without a folder. */
  files: FileEntry[] | undefined
  warnings: string[]
  brokenLinks: BrokenLink[]
}

export interface Diagnostics {
  skipped: Array<{ kind: string; path: string; reason: string }>
  warnings: Array<{ kind: string; path: string; id: string; message: string }>
}

const PAGE = 500

/** Every served skill in id order, without tokens (those cost a body read each: see readCataloguePage). */
export async function readCatalogue(invoke: Invoke): Promise<CatalogueSkill[]> {
  const [list, resources] = await Promise.all([ask(invoke, 'skills::list', {}), invoke('skills::mcp-resources-list', {})])
  const shown = new Map<string, { title?: unknown; description?: unknown }>()
  for (const r of arrayAt(resources, 'resources')) if (typeof r.name === 'string' && r.uri !== INDEX_URI) shown.set(r.name, r)
  return list.skills.map((s) => {
    const r = shown.get(s.id)
    return {
      id: s.id,
      title: typeof r?.title === 'string' ? r.title : s.id,
      description: typeof r?.description === 'string' ? r.description : undefined,
      origin: s.origin,
      tokens: undefined,
    }
  }).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/**
 * E17.4: `limit` skills from `offset`, with their tokens. Only this slice's tokens are asked of
 * list_skills, starting after the name before the slice (names sort as ids do), so a page costs
 * the same at 10,000 skills as at 100.
 */
export async function readCataloguePage(invoke: Invoke, offset: number, limit: number): Promise<{ skills: CatalogueSkill[]; total: number }> {
  const all = await readCatalogue(invoke)
  const skills = all.slice(offset, offset + limit)
  const last = skills.at(-1)
  if (last === undefined) return { skills, total: all.length }
  const before = offset > 0 ? all[offset - 1] : undefined
  const tokens = await tokensByName(invoke, before === undefined ? undefined : protocolName(before.id), protocolName(last.id), skills.length)
  return { skills: skills.map((s) => ({ ...s, tokens: tokens.get(protocolName(s.id)) })), total: all.length }
}

export async function readSkillView(invoke: Invoke, id: string): Promise<SkillView | undefined> {
  const uri = skillUri(id)
  // E11.3: the page shows skills only; `fn/a/b` (a section, the function a::b) is never followed.
  if (uri === undefined) return undefined
  const body = await readServedBody(invoke, id)
  if (body === undefined) return undefined
  const [catalogue, outline, files, described] = await Promise.all([
    readCatalogue(invoke),
    askOrNothing(invoke, 'skill::outline', { uri }),
    ...describedFiles(invoke, id),
  ])
  const sections = outline?.sections ?? []
  const rendered = renderSkillMarkdown(body, new Map(sections.map((s) => [s.line, s.anchor])))
  const entry = catalogue.find((s) => s.id === id)
  return {
    id,
    title: entry?.title ?? id,
    description: entry?.description,
    tokens: outline?.tokens ?? entry?.tokens,
    html: rendered.html,
    outline: sections.map(({ anchor, heading, level, tokens }) => ({ anchor, heading, level, tokens })),
    files,
    warnings: described?.warnings ?? [],
    brokenLinks: brokenLinks(rendered.links, { skillIds: new Set(catalogue.map((s) => s.id)), files: pathsOf(files) }),
  }
}

/** At most this many skills are checked for broken links in one catalogue-wide pass. */
export const MAX_LINK_CHECKED_SKILLS = 1000

/** Every skill's links that point nowhere (the first MAX_LINK_CHECKED_SKILLS skills), in id order. */
export async function readCatalogueLinks(invoke: Invoke): Promise<{ checked: number; of: number; broken: Array<BrokenLink & { id: string }> }> {
  const catalogue = await readCatalogue(invoke)
  const skillIds = new Set(catalogue.map((s) => s.id))
  const checked = catalogue.slice(0, MAX_LINK_CHECKED_SKILLS)
  const perSkill = await mapInBatches(checked, async ({ id }) => {
    const body = await readServedBody(invoke, id)
    if (body === undefined) return []
    const [files] = await Promise.all(describedFiles(invoke, id))
    return brokenLinks(markdownLinks(body), { skillIds, files: pathsOf(files) }).map((broken) => ({ id, ...broken }))
  }, LINK_CHECK_CONCURRENCY)
  return { checked: checked.length, of: catalogue.length, broken: perSkill.flat() }
}

const LINK_CHECK_CONCURRENCY = 8

// The markdown iii://<id> serves; undefined when it serves none.
async function readServedBody(invoke: Invoke, id: string): Promise<string | undefined> {
  const uri = skillUri(id)
  if (uri === undefined) return undefined
  try {
    const first = arrayAt(await invoke('skills::resources-read', { uri }), 'contents')[0]
    return typeof first?.text === 'string' ? first.text : undefined
  } catch {
    // A skill that cannot be read shows no body on the page; the read's own error reaches MCP callers.
    return undefined
  }
}

// [the folder's files (undefined for a skill without a folder), describe_skill's whole answer]
function describedFiles(invoke: Invoke, id: string): [Promise<SkillView['files']>, ReturnType<typeof describeSkill>] {
  const described = describeSkill(invoke, id)
  return [described.then((answer) => answer?.skill.files), described]
}

function pathsOf(files: SkillView['files']): Set<string> | undefined {
  return files === undefined ? undefined : new Set(files.map((f) => f.path))
}

export async function readDiagnostics(invoke: Invoke): Promise<Diagnostics> {
  const answer = await invoke('skills::diagnostics', {})
  return {
    skipped: arrayAt(answer, 'skipped').map((s) => ({ kind: String(s.kind), path: String(s.path), reason: String(s.reason) })),
    warnings: arrayAt(answer, 'warnings').map((w) => ({ kind: String(w.kind), path: String(w.path), id: String(w.id), message: String(w.message) })),
  }
}

/** The served ids in catalogue order (skills::list alone: cheaper than readCatalogue). */
export async function readSkillIds(invoke: Invoke): Promise<string[]> {
  return (await ask(invoke, 'skills::list', {})).skills.map((s) => s.id)
}

export async function searchCatalogue(invoke: Invoke, query: string) {
  return (await ask(invoke, 'skill::search', { query, limit: 20 })).results
}

// Tokens of the skills named after `after` (from the first when undefined) up to `through`.
async function tokensByName(invoke: Invoke, after: string | undefined, through: string, count: number): Promise<Map<string, number>> {
  const tokens = new Map<string, number>()
  let cursor = after === undefined ? undefined : encodeListCursor(after, undefined)
  do {
    const page = await ask(invoke, 'skill::list_skills', { detail: 'summary', limit: Math.max(1, Math.min(PAGE, count - tokens.size)), cursor })
    for (const s of page.skills) if (s.tokens !== undefined) tokens.set(s.name, s.tokens)
    const lastName = page.skills.at(-1)?.name
    cursor = page.next_cursor !== null && lastName !== undefined && lastName < through ? page.next_cursor : undefined
  } while (cursor !== undefined)
  return tokens
}

function arrayAt(value: unknown, key: string): Array<Record<string, unknown>> {
  if (!isJsonObject(value) || !Array.isArray(value[key])) return []
  return (value[key] as unknown[]).filter(isJsonObject)
}
