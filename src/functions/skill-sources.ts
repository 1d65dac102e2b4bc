/**
 * The merged view of state rows and filesystem skills that listings and the index share:
 * state rows sorted by id, then the fs skills no state row shadows (state always wins, §6.7).
 * Decoded rows are memoised on the rows array, so while the registry cache serves the same rows
 * (src/engine/registry-cache.ts) they are decoded and sorted once, not on every call.
 */
import { compareUtf8 } from '../core/ids.js'
import { memoize } from '../core/memo.js'
import { withoutShadowed } from '../core/precedence.js'
import type { FsSkill } from '../fs/skill-files.js'
import type { Deps } from './deps.js'
import { decodeSkillRows, type StoredSkillRow } from './stored-rows.js'

export interface SkillSources {
  state: StoredSkillRow[]
  fs: FsSkill[]
}

/** `state::list` errors propagate; callers that must never fail catch them (§11.5). */
export async function readSkillSources(deps: Deps): Promise<SkillSources> {
  const state = sortedSkillRows(await deps.state.list(deps.config.scopes.skills))
  const fs = withoutStateIds(await deps.fs.skills(), state)
  return { state, fs }
}

/** The decodable rows of a `state::list` answer, sorted by id (stable); shared, do not mutate. */
export function sortedSkillRows(values: unknown[]): StoredSkillRow[] {
  return memoize(values, 'sorted-skill-rows', () => decodeSkillRows(values).sort((a, b) => compareUtf8(a.id, b.id)))
}

/** The fs skills whose id no state row has. */
export function withoutStateIds<T extends { id: string }>(fs: T[], state: StoredSkillRow[]): T[] {
  if (fs.length === 0) return fs
  return withoutShadowed(fs, (s) => s.id, memoize(state, 'ids', () => new Set(state.map((r) => r.id))))
}

/** Two lists each sorted by id, merged into one; on equal ids `a` comes first (a stable sort of a + b). */
export function mergeById<T extends { id: string }>(a: T[], b: T[]): T[] {
  if (b.length === 0) return a
  if (a.length === 0) return b
  const out: T[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) out.push(compareUtf8((b[j] as T).id, (a[i] as T).id) < 0 ? (b[j++] as T) : (a[i++] as T))
  while (i < a.length) out.push(a[i++] as T)
  while (j < b.length) out.push(b[j++] as T)
  return out
}
