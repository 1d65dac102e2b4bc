/**
 * `--skills-dir DIR` and the standard roots (E5.5): every `SKILL.md` folder under DIR, ids relative
 * to DIR, at most 6 levels deep, hidden folders (`.git` among them) never entered: one glob per depth
 * whose components are `[!.]*`, so the static prefix, and with it the id's root, is DIR. Known gap:
 * `node_modules` is walked like any other folder (a glob cannot leave out one name).
 */
import { resolve } from 'node:path'

export const SKILLS_DIR_MAX_DEPTH = 6

// "./skills" => ["/abs/skills/[!.]*/SKILL.md", "/abs/skills/[!.]*/[!.]*/SKILL.md", … 6 levels]
export function skillsDirPatterns(dir: string): string[] {
  const root = resolve(dir).replace(/\/$/, '')
  return Array.from({ length: SKILLS_DIR_MAX_DEPTH }, (_, depth) => `${root}/${'[!.]*/'.repeat(depth + 1)}SKILL.md`)
}
