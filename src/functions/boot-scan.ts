/**
 * The one-time boot scan of the filesystem sources (§6.9, D4). Once connected it lists both state
 * scopes (best effort) so fs entries shadowed by state rows are reported too.
 */
import type { Logger } from 'pino'
import { reportFsHealth, type FsHealth, type StateKeys } from '../fs/index.js'
import type { Deps } from './deps.js'
import { decodePromptRows, decodeSkillRows } from './stored-rows.js'

export async function bootFsScan(deps: Deps, baseDir: string, log: Logger): Promise<FsHealth> {
  const { config } = deps
  const hasSources = config.skills.length > 0 || config.prompts.length > 0
  const stateKeys = hasSources ? await readStateKeys(deps) : undefined
  // The fs index's scan (the one it serves from), so boot reads every file once, not twice.
  const { skills, prompts, skipped } = await deps.fs.snapshot()
  return reportFsHealth({ skills: { skills, skipped: skipped.skills }, prompts: { prompts, skipped: skipped.prompts } }, baseDir, log, stateKeys)
}

async function readStateKeys(deps: Deps): Promise<StateKeys | Error> {
  try {
    const [skills, prompts] = await Promise.all([
      deps.state.list(deps.config.scopes.skills),
      deps.state.list(deps.config.scopes.prompts),
    ])
    return {
      skills: new Set(decodeSkillRows(skills).map((row) => row.id)),
      prompts: new Set(decodePromptRows(prompts).map((row) => row.name)),
    }
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error))
  }
}
