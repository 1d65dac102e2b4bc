/**
 * Boot diagnostics (§6.9 + D4), logged once: each fs entry that will be served, each file that
 * was skipped (skills first, then prompts) and, when the state scopes could be listed, each fs
 * entry shadowed by a state row; then one summary line. Later re-globs skip silently. The worker
 * reports the fs index's own first scan, so boot reads the files once.
 */
import { type SkillsConfig, FS_LOADED_LINES_AT_INFO, messages as msg } from '../core/index.js'
import type { Logger } from 'pino'
import { expandPromptGlobs } from './prompt-files.js'
import { expandSkillGlobs } from './skill-files.js'
import { addSkillRoots } from './skill-roots.js'
import { directView, type FsView } from './fs-view.js'
import type { FsPrompt, FsSkill, FsSkip } from './types.js'

/** Keys present in the state scopes, or the Error listing them failed with. */
export interface StateKeys {
  skills: ReadonlySet<string>
  prompts: ReadonlySet<string>
}

export interface FsHealth {
  skills: number
  prompts: number
  skipped: number
}

const NO_KEYS: StateKeys = { skills: new Set(), prompts: new Set() }

/** Both expansions, skills first (glob warnings are logged as they happen, in that order). */
interface FsScan {
  skills: { skills: FsSkill[]; skipped: FsSkip[] }
  prompts: { prompts: FsPrompt[]; skipped: FsSkip[] }
}

export async function scanFs(
  config: Pick<SkillsConfig, 'skills' | 'prompts' | 'skill_roots'>,
  baseDir: string,
  log: Logger,
  view: FsView = directView,
): Promise<FsScan> {
  const globbed = await expandSkillGlobs(config.skills, baseDir, log, view)
  const rooted = await addSkillRoots(globbed.skills, config.skill_roots ?? [], log, view)
  const skills = { skills: rooted.skills, skipped: [...globbed.skipped, ...rooted.skipped] }
  const prompts = await expandPromptGlobs(config.prompts, baseDir, log, view)
  return { skills, prompts }
}

export async function logFsHealth(
  config: Pick<SkillsConfig, 'skills' | 'prompts'>,
  baseDir: string,
  log: Logger,
  stateKeys?: StateKeys | Error,
): Promise<FsHealth> {
  return reportFsHealth(await scanFs(config, baseDir, log), baseDir, log, stateKeys)
}

/** Logs the diagnostics of a scan already made (the fs index's first one, at boot). */
export function reportFsHealth({ skills, prompts }: FsScan, baseDir: string, log: Logger, stateKeys?: StateKeys | Error): FsHealth {
  if (stateKeys instanceof Error) log.warn({ error: stateKeys.message }, msg.LOG.fsShadowScanFailed)
  const keys = stateKeys instanceof Error || stateKeys === undefined ? NO_KEYS : stateKeys

  const shadowed = (kind: FsSkip['kind'], path: string): FsSkip => ({ kind, path, reason: msg.FS_SHADOWED_BY_STATE })
  const servedSkills = skills.skills.filter((s) => !keys.skills.has(s.id))
  const servedPrompts = prompts.prompts.filter((p) => !keys.prompts.has(p.name))
  const skipped: FsSkip[] = [
    ...skills.skipped,
    ...skills.skills.filter((s) => keys.skills.has(s.id)).map((s) => shadowed('skill', s.path)),
    ...prompts.skipped,
    ...prompts.prompts.filter((p) => keys.prompts.has(p.name)).map((p) => shadowed('prompt', p.path)),
  ]

  // E16.2: a line per entry at info only for small folders (10,000 skills wrote 1.7 MB of them).
  const skillLevel = servedSkills.length <= FS_LOADED_LINES_AT_INFO ? 'info' : 'debug'
  const promptLevel = servedPrompts.length <= FS_LOADED_LINES_AT_INFO ? 'info' : 'debug'
  for (const { id, path } of servedSkills) log[skillLevel]({ id, path }, msg.LOG.fsSkillLoaded)
  for (const { id, path, warnings } of servedSkills) for (const warning of warnings ?? []) log.warn({ id, path, warning }, msg.LOG.fsSkillWarning)
  for (const { name, path } of servedPrompts) log[promptLevel]({ name, path }, msg.LOG.fsPromptLoaded)
  for (const { kind, path, reason } of skipped) log.warn({ kind, path, reason }, msg.LOG.fsEntrySkipped)
  const health = { skills: servedSkills.length, prompts: servedPrompts.length, skipped: skipped.length }
  log.info({ ...health, base_dir: baseDir }, msg.LOG.fsScanComplete)
  return health
}
