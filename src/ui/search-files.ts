/**
 * E17.5: the catalogue page's search also looks in the skills' supporting Markdown files (not
 * SKILL.md: skill::search ranks that). A plain scan, bounded so a keystroke stays fast: the skills
 * skill::search ranked first, then the catalogue in order, until MAX_SKILLS skills or BUDGET_MS.
 */
import type { Invoke } from './catalogue-data.js'
import { filesOf, readText } from './skill-files.js'
import { SKILL_FILE } from '../core/index.js'

export interface FileHit { id: string; path: string; snippet: string }

const MAX_SKILLS = 200
const MAX_FILES = 400
const MAX_HITS = 20
const BUDGET_MS = 400
const SNIPPET = 160

export function queryWords(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/[^\p{L}\p{N}_-]+/u).filter((w) => w.length > 1))]
}

export async function searchSupportingFiles(invoke: Invoke, query: string, skillIds: readonly string[]): Promise<FileHit[]> {
  const words = queryWords(query)
  if (words.length === 0) return []
  const deadline = Date.now() + BUDGET_MS
  const hits: FileHit[] = []
  let files = 0
  for (const id of skillIds.slice(0, MAX_SKILLS)) {
    if (Date.now() > deadline || hits.length >= MAX_HITS || files >= MAX_FILES) break
    const markdown = ((await filesOf(invoke, id)) ?? []).filter((f) => /\.(md|markdown)$/i.test(f.path) && f.path !== SKILL_FILE)
    for (const file of markdown) {
      if (++files > MAX_FILES || hits.length >= MAX_HITS) break
      const text = await readText(invoke, id, file.path)
      const lower = text?.toLowerCase()
      if (text === undefined || lower === undefined || !words.every((w) => lower.includes(w))) continue
      hits.push({ id, path: file.path, snippet: snippetAround(text, lower.indexOf(words[0]!)) })
    }
  }
  return hits
}

function snippetAround(text: string, at: number): string {
  const start = Math.max(0, at - SNIPPET / 3)
  return `${start > 0 ? '…' : ''}${text.slice(start, start + SNIPPET).replace(/\s+/g, ' ').trim()}…`
}
