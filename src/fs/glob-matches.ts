/**
 * `run_glob` (§6.1 + §6.2): one configured pattern => the matched files with their derived ids.
 * Ids are relative to the absolute pattern's static prefix, or to the base dir when that prefix is
 * empty; a file that is not under the prefix is logged and left out.
 */
import { deriveId, staticPrefix, messages as msg } from '../core/index.js'
import type { Logger } from 'pino'
import { directView, type FsView } from './fs-view.js'
import { absolutePattern, expandGlob } from './globs.js'

export interface GlobMatch {
  id: string
  path: string
}

export async function globMatches(
  pattern: string,
  baseDir: string,
  log: Logger,
  view: FsView = directView,
): Promise<{ matches: GlobMatch[] } | { error: string }> {
  const expansion = await expandGlob(pattern, baseDir, log, view)
  if ('error' in expansion) return expansion
  const prefix = staticPrefix(absolutePattern(pattern, baseDir)) || baseDir
  const matches: GlobMatch[] = []
  for (const path of expansion.paths) {
    const derived = deriveId(path, prefix)
    if ('error' in derived) log.warn({ path, error: derived.error }, msg.LOG.deriveIdFailed)
    else matches.push({ id: derived.id, path })
  }
  return { matches }
}
