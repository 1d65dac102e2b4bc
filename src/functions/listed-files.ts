/**
 * A skill folder's files for a call (E11.6): the listing, or a SkillsError naming the folder that
 * could not be listed; either way the fs sources remember the outcome, so `skills::diagnostics`
 * shows the folder as a warning until a listing succeeds again. And which folders below it are
 * skills of their own (E1.5): those whose SKILL.md is served; one that is skipped leaves its files
 * to the enclosing skill (E13.4).
 */
import { SkillsError, LOG, memoize, MemoKey } from '../core/index.js'
import { type NestedSkill, type FsSnapshot, ListingError, skillFoldersIn } from '../fs/index.js'
import type { Deps } from './deps.js'

/** The SKILL.md paths of the folder skills a snapshot serves, once per snapshot. */
const SERVED_SKILL_FILES = new MemoKey<ReadonlySet<string>>('served SKILL.md paths')

/** The folders below `folder` (as `/`-separated paths relative to it) whose SKILL.md the fs sources serve. */
export function nestedSkillsOf(folder: string, snapshot: FsSnapshot): NestedSkill {
  return skillFoldersIn(folder, memoize(snapshot.served, SERVED_SKILL_FILES, () =>
    new Set(snapshot.served.filter((s) => s.kind === 'folder').map((s) => s.path))))
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
    deps.log.warn({ id, folder, error: error.message }, LOG.skillFilesUnlisted)
    throw new SkillsError(error.message)
  }
}
