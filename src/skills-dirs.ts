/**
 * `--skills-dir DIR` (E5.5, partly): every `SKILL.md` folder under DIR, ids relative to DIR, as the
 * glob `DIR/**\/SKILL.md`. Not yet: skipping hidden folders, `.git` and `node_modules`, the 6-level
 * limit and the standard roots (README "Serving a folder of Agent Skills" says so).
 */
import { resolve } from 'node:path'

// "./skills" => "/abs/skills/**/SKILL.md"
export function skillsDirPattern(dir: string): string {
  return `${resolve(dir).replace(/\/$/, '')}/**/SKILL.md`
}
