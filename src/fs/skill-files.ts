/**
 * `expand_skill_globs` (§6.3): every pattern in config order, every match in glob order; an id
 * that fails validation or was already produced by another file is skipped with a reason (first
 * match wins; the same file reached through two patterns is silently kept once). Sorted by id.
 */
import { validateId } from '../core/ids.js'
import * as msg from '../core/messages.js'
import type { Logger } from '../logger.js'
import { directView, type FsView } from './fs-view.js'
import { expandUnique } from './expand-unique.js'
import type { FsSkill, FsSkip } from './types.js'

export type { FsSkill, FsSkip }

export async function expandSkillGlobs(
  patterns: readonly string[],
  baseDir: string,
  log: Logger,
  view: FsView = directView,
): Promise<{ skills: FsSkill[]; skipped: FsSkip[] }> {
  const { entries, skipped } = await expandUnique<FsSkill>(patterns, baseDir, log, {
    kind: 'skill',
    load: ({ id, path }) => {
      const invalid = validateId(id)
      return invalid === undefined ? { entry: { id, path } } : { reason: msg.fsInvalidId(id, invalid) }
    },
    keyOf: (skill) => skill.id,
    duplicate: msg.fsDuplicateId,
  }, view)
  return { skills: entries, skipped }
}
