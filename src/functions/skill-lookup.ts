/**
 * The one "state row, then file" lookup (§6.7: a state row always wins over a file of the same id):
 * the skill `id` as served now, its stored row or its fs entry. The fs lookup runs while state
 * answers; its failure matters only when no row answered.
 */
import { messages as msg } from '../core/index.js'
import type { FsSkill, FsSnapshot } from '../fs/index.js'
import type { Deps } from './deps.js'
import { getStoredRow, StoredSkill, type StoredSkillRow } from './stored-rows.js'

export type SkillLookup = { row: StoredSkillRow } | { file: FsSkill } | undefined

/** `snapshot`: the fs index a listing already holds, so the file is found without waiting. */
export async function lookupSkill(id: string, deps: Deps, snapshot?: FsSnapshot): Promise<SkillLookup> {
  const fileLookup = snapshot === undefined ? deps.fs.findSkill(id) : Promise.resolve(snapshot.findSkill(id))
  const file = fileLookup.then((found) => ({ found }), (error: unknown) => ({ error }))
  const row = await getStoredRow(deps, deps.config.scopes.skills, id, StoredSkill, msg.decodeStoredSkill)
  if (row !== undefined) return { row }
  const answer = await file
  if ('error' in answer) throw answer.error
  return answer.found === undefined ? undefined : { file: answer.found }
}
