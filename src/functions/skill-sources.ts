/**
 * The merged view of state rows and filesystem skills that listings and the index share:
 * state rows sorted by id, then the fs skills no state row shadows (state always wins, §6.7).
 */
import { compareUtf8 } from '../core/ids.js'
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
  const state = decodeSkillRows(await deps.state.list(deps.config.scopes.skills)).sort((a, b) => compareUtf8(a.id, b.id))
  const fs = withoutShadowed(await deps.fs.skills(), (s) => s.id, new Set(state.map((r) => r.id)))
  return { state, fs }
}
