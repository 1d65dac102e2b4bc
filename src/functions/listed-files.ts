/**
 * A skill folder's files for a call (E11.6): the listing, or a SkillsError naming the folder that
 * could not be listed; either way the fs sources remember the outcome, so `skills::diagnostics`
 * shows the folder as a warning until a listing succeeds again.
 */
import { SkillsError } from '../core/errors.js'
import { ListingError, skillFolderFiles } from '../fs/skill-tree.js'
import type { Deps } from './deps.js'

export async function listedFiles(id: string, folder: string, deps: Deps): Promise<string[]> {
  try {
    const files = await skillFolderFiles(folder)
    deps.fs.noteListing(id, folder, undefined)
    return files
  } catch (error) {
    if (!(error instanceof ListingError)) throw error
    deps.fs.noteListing(id, folder, error.message)
    deps.log.warn({ id, folder, error: error.message }, 'skill files could not be listed')
    throw new SkillsError(error.message)
  }
}
