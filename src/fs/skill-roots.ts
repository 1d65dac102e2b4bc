/**
 * Skill roots (E5.5): `--skills-dir DIR` and the standard roots. Every `SKILL.md` folder under a
 * root, ids relative to it (a folder name that is no id segment mapped to one, with a warning, E13.3), at most 6 levels deep, hidden folders (`.git` among them) and
 * `node_modules` never served: one glob per depth whose components are `[!.]*` (so the static
 * prefix, and with it the id's root, is the root), matches under `node_modules` dropped. They come
 * after the config's globs; the first to serve an id wins, and a root's later entry for that id is
 * not served but recorded as a warning on the one that is, naming both paths. A symlink that leaves
 * the root is never followed (E11.6).
 */
import { resolve } from 'node:path'
import { messages as msg, folderSegment, ok } from '../core/index.js'
import type { Logger } from 'pino'
import { mapInBatches } from './batches.js'
import type { Loaded } from './expand-unique.js'
import { confinedView } from './confined-view.js'
import { directView, type FsView } from './fs-view.js'
import { globMatches, type GlobMatch } from './glob-matches.js'
import { loadSkillFile } from './skill-files.js'
import { skillRootWalk } from './skill-root-walk.js'
import type { FsSkill, FsSkip } from './types.js'

const SKILL_ROOT_MAX_DEPTH = 6
const NEVER_ENTERED = 'node_modules'

interface RootMatch extends GlobMatch {
  /** E13.3: the folders whose names were mapped to id segments, as warnings. */
  renamed: string[]
}

// "ComposioHQ-skills/pdf/SKILL.md" => id "composiohq-skills/pdf", renamed ['folder "ComposioHQ-skills" served as "composiohq-skills"']
function servedAs(match: GlobMatch): RootMatch {
  const renamed: string[] = []
  const segments = match.id.split('/').map((name, i, all) => {
    if (i === all.length - 1) return name // SKILL.md itself
    const segment = folderSegment(name)
    if (segment !== name && segment !== '') renamed.push(msg.fsFolderServedAs(name, segment))
    return segment === '' ? name : segment
  })
  return { ...match, id: segments.join('/'), renamed }
}

function withRenames(loaded: Loaded<FsSkill>, renamed: string[]): Loaded<FsSkill> {
  if (!loaded.ok || renamed.length === 0) return loaded
  return ok({ ...loaded.value, warnings: [...renamed, ...(loaded.value.warnings ?? [])] })
}

/** Glob characters (core/glob-ids.ts): a root holding one is walked by its patterns, as globs. */
const GLOB_META = /[*?[{\]\\]/

/** The root's matches, depth by depth (E19.2: one walk, skill-root-walk.ts). */
async function rootMatches(dir: string, log: Logger, view: FsView): Promise<GlobMatch[][]> {
  const root = resolve(dir).replace(/\/$/, '') || '/'
  if (!GLOB_META.test(root)) return skillRootWalk(root, SKILL_ROOT_MAX_DEPTH, log, view)
  const depths: GlobMatch[][] = []
  for (const pattern of skillRootPatterns(dir)) {
    const result = await globMatches(pattern, '/', log, view)
    depths.push('error' in result ? [] : result.matches)
  }
  return depths
}

// "./skills" => ["/abs/skills/[!.]*/SKILL.md", "/abs/skills/[!.]*/[!.]*/SKILL.md", … 6 levels]
export function skillRootPatterns(dir: string): string[] {
  const root = resolve(dir).replace(/\/$/, '')
  return Array.from({ length: SKILL_ROOT_MAX_DEPTH }, (_, depth) => `${root}/${'[!.]*/'.repeat(depth + 1)}SKILL.md`)
}

/** The roots' skills merged after `served` (sorted by id), with the roots' skips. */
export async function addSkillRoots(
  served: FsSkill[],
  roots: readonly string[],
  log: Logger,
  view: FsView = directView,
): Promise<{ skills: FsSkill[]; skipped: FsSkip[] }> {
  if (roots.length === 0) return { skills: served, skipped: [] }
  const byId = new Map(served.map((s) => [s.id, s]))
  const skipped: FsSkip[] = []
  for (const root of roots) {
    for (const found of await rootMatches(root, log, confinedView(view, root))) {
      const matches = found.filter((m) => !m.id.split('/').includes(NEVER_ENTERED)).map(servedAs)
      const loads = await mapInBatches(matches, (match) => view.remember(match.path, `skill:${match.id}`, async () => withRenames(await loadSkillFile(match, view), match.renamed)))
      for (const [i, match] of matches.entries()) {
        const loaded = loads[i] as Loaded<FsSkill>
        if (!loaded.ok) {
          skipped.push({ kind: 'skill', path: match.path, reason: loaded.error })
          continue
        }
        const first = byId.get(loaded.value.id)
        if (first === undefined) byId.set(loaded.value.id, loaded.value)
        else if (first.path !== match.path) {
          const warning = msg.fsRootCollision(loaded.value.id, first.path, match.path)
          byId.set(first.id, { ...first, warnings: [...(first.warnings ?? []), warning] })
        }
      }
    }
  }
  const skills = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  return { skills, skipped }
}
