/**
 * A skill folder's files for a call (E11.6): the listing, or a SkillsError naming the folder that
 * could not be listed; either way the fs sources remember the outcome, so `skills::diagnostics`
 * shows the folder as a warning until a listing succeeds again. And which folders below it are
 * skills of their own (E1.5): those whose SKILL.md is served; one that is skipped leaves its files
 * to the enclosing skill (E13.4).
 */
import { SkillsError } from '../core/errors.js'
import { SKILL_FILE } from '../core/skill-folder.js'
import type { NestedSkill } from '../fs/folder-file.js'
import type { FsSnapshot } from '../fs/fs-snapshot.js'
import { ListingError } from '../fs/skill-tree.js'
import type { Deps } from './deps.js'

/** The folders below `folder` (as `/`-separated paths relative to it) whose SKILL.md the fs sources serve. */
export async function nestedSkillsOf(folder: string, deps: Deps): Promise<NestedSkill> {
  const prefix = folder.endsWith('/') ? folder : `${folder}/`
  const own = `${prefix}${SKILL_FILE}`
  const suffix = `/${SKILL_FILE}`
  const dirs = new Set<string>()
  for (const skill of (await deps.fs.snapshot()).skills) {
    if (skill.kind === 'folder' && skill.path !== own && skill.path.startsWith(prefix) && skill.path.endsWith(suffix)) {
      dirs.add(skill.path.slice(prefix.length, -suffix.length))
    }
  }
  return (dir) => dirs.has(dir)
}

// ("refs/a.md", nested) => false unless "refs" is a served skill folder
export function inNested(path: string, nested: NestedSkill): boolean {
  const parts = path.split('/')
  for (let depth = 1; depth < parts.length; depth++) if (nested(parts.slice(0, depth).join('/'))) return true
  return false
}

/** `snapshot`: the fs snapshot the call already holds (taken here otherwise). */
export async function listedFiles(id: string, folder: string, deps: Deps, snapshot?: FsSnapshot): Promise<string[]> {
  try {
    const files = await (snapshot ?? (await deps.fs.snapshot())).folderFiles(folder)
    deps.fs.noteListing(id, folder, undefined)
    return files
  } catch (error) {
    if (!(error instanceof ListingError)) throw error
    deps.fs.noteListing(id, folder, error.message)
    deps.log.warn({ id, folder, error: error.message }, 'skill files could not be listed')
    throw new SkillsError(error.message)
  }
}
