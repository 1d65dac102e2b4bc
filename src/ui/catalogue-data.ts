/**
 * What the catalogue page shows, read through the worker's own functions (the same calls any iii
 * worker or the MCP front makes), so the page shows exactly what agents are served.
 */
import { isJsonObject } from '../core/json-object.js'
import { brokenLinks, type BrokenLink } from './broken-links.js'
import { renderSkillMarkdown } from './render-markdown.js'

/** Calls a function on the engine (the MCP front's backend). */
export type Invoke = (functionId: string, data: unknown) => Promise<unknown>

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
  files: Array<{ path: string; size: number; digest: string }> | undefined
  warnings: string[]
  brokenLinks: BrokenLink[]
}

export interface Diagnostics {
  skipped: Array<{ kind: string; path: string; reason: string }>
  warnings: Array<{ kind: string; path: string; id: string; message: string }>
}

const PAGE = 500

export async function readCatalogue(invoke: Invoke): Promise<CatalogueSkill[]> {
  const [list, resources, tokens] = await Promise.all([
    invoke('skills::list', {}),
    invoke('skills::mcp-resources-list', {}),
    tokensByName(invoke),
  ])
  const shown = new Map<string, { title?: unknown; description?: unknown }>()
  for (const r of arrayAt(resources, 'resources')) if (typeof r.name === 'string' && r.uri !== 'iii://skills') shown.set(r.name, r)
  return arrayAt(list, 'skills').flatMap((s) => {
    if (typeof s.id !== 'string') return []
    const r = shown.get(s.id)
    return [{
      id: s.id,
      title: typeof r?.title === 'string' ? r.title : s.id,
      description: typeof r?.description === 'string' ? r.description : undefined,
      origin: String(s.origin),
      tokens: tokens.get(s.id.replaceAll('/', '.')),
    }]
  })
}

export async function readSkillView(invoke: Invoke, id: string): Promise<SkillView | undefined> {
  const uri = `iii://${id}`
  let body: string
  try {
    const read = await invoke('skills::resources-read', { uri })
    const first = arrayAt(read, 'contents')[0]
    if (typeof first?.text !== 'string') return undefined
    body = first.text
  } catch {
    return undefined
  }
  const [catalogue, outline, described] = await Promise.all([
    readCatalogue(invoke),
    invoke('skill::outline', { uri }).catch(() => undefined),
    invoke('skill::describe_skill', { name: id.replaceAll('/', '.'), detail: 'full' }).catch(() => undefined),
  ])
  const sections = arrayAt(outline, 'sections').flatMap((s) =>
    typeof s.anchor === 'string' && typeof s.heading === 'string' && typeof s.line === 'number'
      ? [{ anchor: s.anchor, heading: s.heading, level: Number(s.level), line: s.line, tokens: Number(s.tokens) }]
      : [])
  const rendered = renderSkillMarkdown(body, new Map(sections.map((s) => [s.line, s.anchor])))
  const skill = isJsonObject(described) && isJsonObject(described.skill) ? described.skill : undefined
  const files = Array.isArray(skill?.files)
    ? skill.files.filter(isJsonObject).map((f) => ({ path: String(f.path), size: Number(f.size), digest: String(f.digest) }))
    : undefined
  const entry = catalogue.find((s) => s.id === id)
  return {
    id,
    title: entry?.title ?? id,
    description: entry?.description,
    tokens: isJsonObject(outline) && typeof outline.tokens === 'number' ? outline.tokens : entry?.tokens,
    html: rendered.html,
    outline: sections.map(({ anchor, heading, level, tokens }) => ({ anchor, heading, level, tokens })),
    files,
    warnings: isJsonObject(described) && Array.isArray(described.warnings) ? described.warnings.map(String) : [],
    brokenLinks: brokenLinks(rendered.links, {
      skillIds: new Set(catalogue.map((s) => s.id)),
      files: files === undefined ? undefined : new Set(files.map((f) => f.path)),
    }),
  }
}

export async function readDiagnostics(invoke: Invoke): Promise<Diagnostics> {
  const answer = await invoke('skills::diagnostics', {})
  return {
    skipped: arrayAt(answer, 'skipped').map((s) => ({ kind: String(s.kind), path: String(s.path), reason: String(s.reason) })),
    warnings: arrayAt(answer, 'warnings').map((w) => ({ kind: String(w.kind), path: String(w.path), id: String(w.id), message: String(w.message) })),
  }
}

export async function searchCatalogue(invoke: Invoke, query: string): Promise<unknown[]> {
  return arrayAt(await invoke('skill::search', { query, limit: 20 }), 'results')
}

async function tokensByName(invoke: Invoke): Promise<Map<string, number>> {
  const tokens = new Map<string, number>()
  let cursor: string | undefined
  do {
    const page = await invoke('skill::list_skills', { detail: 'summary', limit: PAGE, cursor })
    for (const s of arrayAt(page, 'skills')) if (typeof s.name === 'string' && typeof s.tokens === 'number') tokens.set(s.name, s.tokens)
    cursor = isJsonObject(page) && typeof page.next_cursor === 'string' ? page.next_cursor : undefined
  } while (cursor !== undefined)
  return tokens
}

function arrayAt(value: unknown, key: string): Array<Record<string, unknown>> {
  if (!isJsonObject(value) || !Array.isArray(value[key])) return []
  return (value[key] as unknown[]).filter(isJsonObject)
}
