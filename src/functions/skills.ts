/**
 * `skills::register`, `skills::unregister`, `skills::list` (§1.3–§1.5): validate, persist through
 * state, fan the change out, answer with the typed output.
 */
import { check, SkillsError, utf8Length, validateId, LOG, SKILL_EMPTY, skillTooLarge, MemoKey, memoize, formatTimestamp, III_URI_PREFIX } from '../core/index.js'
import type { FsSnapshot } from '../fs/index.js'
import { defineFunction } from './define.js'
import type { Deps } from './deps.js'
import { mergeById, skillSummaries, withoutStateIds } from './skill-sources.js'
import { ListSkillsInput, ListSkillsOutput, RegisterSkillInput, RegisterSkillOutput, SkillEntry, UnregisterSkillInput, UnregisterSkillOutput } from '../schemas/index.js'

const STATE_LIST_ENTRIES = new MemoKey<SkillListEntry[]>('state list entries')
const FS_LIST_ENTRIES = new MemoKey<SkillListEntry[]>('fs list entries')

export const skillsRegister = defineFunction({
  id: 'skills::register',
  description: `Register a markdown skill so it appears as ${III_URI_PREFIX}{id} in resources/list.`,
  input: { schema: RegisterSkillInput, schemaTitle: 'RegisterSkillInput' },
  output: { schema: RegisterSkillOutput, schemaTitle: 'RegisterSkillOutput' },
}, registerSkill)

export const skillsUnregister = defineFunction({
  id: 'skills::unregister',
  description: 'Remove a registered skill by id.',
  input: { schema: UnregisterSkillInput, schemaTitle: 'UnregisterSkillInput' },
  output: { schema: UnregisterSkillOutput, schemaTitle: 'UnregisterSkillOutput' },
}, unregisterSkill)

export const skillsList = defineFunction({
  id: 'skills::list',
  description: 'List registered skills (id, body length, registered_at, origin) without bodies. ' +
    '`origin` is `state` for state-backed entries, `fs` for filesystem-backed.',
  input: { schema: ListSkillsInput, schemaTitle: 'ListSkillsInput' },
  output: { schema: ListSkillsOutput, schemaTitle: 'ListSkillsOutput', definitions: { SkillEntry } },
}, listSkills)

export async function registerSkill(input: RegisterSkillInput, deps: Deps) {
  const { id, skill } = input
  check(validateId(id))
  if (skill === '') throw new SkillsError(SKILL_EMPTY)
  const bytes = utf8Length(skill)
  if (bytes > deps.fs.limits.skillBodyBytes) throw new SkillsError(skillTooLarge(bytes, deps.fs.limits.skillBodyBytes))
  const registered_at = formatTimestamp(deps.now())
  await deps.state.set(deps.config.scopes.skills, id, { id, skill, registered_at })
  deps.log.info({ skill_id: id }, LOG.skillRegistered)
  await deps.notify.skills.notify({ op: 'register', id })
  return { id, registered_at }
}

export async function unregisterSkill(input: UnregisterSkillInput, deps: Deps) {
  const { id } = input
  check(validateId(id))
  const old = await deps.state.delete(deps.config.scopes.skills, id)
  const removed = old !== undefined && old !== null
  deps.log.info({ skill_id: id, removed }, LOG.skillUnregister)
  if (removed) await deps.notify.skills.notify({ op: 'unregister', id })
  return { id, removed }
}

interface SkillListEntry {
  id: string
  bytes: number
  registered_at: string
  origin: 'state' | 'fs'
}

// State entries are built once per summaries array (memoised, sorted); fs ones arrive sorted, so a
// merge keeps the order a stable sort of both would give.
export async function listSkills(_input: unknown, deps: Deps) {
  const state = await skillSummaries(deps)
  const stateEntries = memoize(state, STATE_LIST_ENTRIES, () => state.map((s): SkillListEntry => ({
    id: s.id, bytes: s.bytes, registered_at: s.registered_at, origin: 'state',
  })))
  const fsEntries = withoutStateIds(fsListEntries(await deps.fs.snapshot()), state)
  return { skills: mergeById(stateEntries, fsEntries) }
}

// The fs index hands out the same snapshot until a file changes, so these are built once per change.
function fsListEntries(snapshot: FsSnapshot): SkillListEntry[] {
  return memoize(snapshot, FS_LIST_ENTRIES, () => snapshot.skills.map((skill): SkillListEntry => ({
    id: skill.id, bytes: skill.bytes, registered_at: skill.registeredAt, origin: 'fs',
  })))
}
