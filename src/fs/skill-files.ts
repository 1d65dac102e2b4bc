/**
 * `expand_skill_globs` (§6.3): every pattern in config order, every match in glob order; an id
 * that fails validation or was already produced by another file is skipped with a reason (first
 * match wins; the same file reached through two patterns is silently kept once). Sorted by id.
 */
import { samePath } from '../core/glob-ids.js'
import { validateId } from '../core/ids.js'
import * as msg from '../core/messages.js'
import type { Logger } from '../logger.js'
import { globMatches } from './glob-matches.js'
import type { FsSkill, FsSkip } from './types.js'

export type { FsSkill, FsSkip }

export async function expandSkillGlobs(
  patterns: readonly string[],
  baseDir: string,
  log: Logger,
): Promise<{ skills: FsSkill[]; skipped: FsSkip[] }> {
  const byId = new Map<string, FsSkill>()
  const skipped: FsSkip[] = []
  const skip = (path: string, reason: string) => skipped.push({ kind: 'skill', path, reason })
  for (const pattern of patterns) {
    const result = await globMatches(pattern, baseDir, log)
    if ('error' in result) {
      skip(pattern, result.error)
      continue
    }
    for (const { id, path } of result.matches) {
      const invalid = validateId(id)
      const first = byId.get(id)
      if (invalid !== undefined) skip(path, msg.fsInvalidId(id, invalid))
      else if (first === undefined) byId.set(id, { id, path })
      else if (!samePath(first.path, path)) skip(path, msg.fsDuplicateId(id, first.path))
    }
  }
  const skills = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  return { skills, skipped }
}
