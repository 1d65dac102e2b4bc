/**
 * The expansion both fs kinds share (§6.3, §6.4): every pattern in config order, every match in
 * glob order; a pattern that does not parse or a file that cannot become an entry is skipped with
 * its reason; a second file with a key already taken is skipped too, with `duplicate`'s reason
 * (first match wins, E18.1: upstream's skip for skills as for prompts; the same file reached through
 * two patterns is silently kept once). Entries come back sorted by key, byte-wise.
 */
import { samePath, compareUtf8, type Result } from '../core/index.js'
import type { Logger } from 'pino'
import { mapInBatches } from './batches.js'
import { directView, type FsView } from './fs-view.js'
import { globMatches, type GlobMatch } from './glob-matches.js'
import type { FsSkip } from './types.js'

/** A glob match loaded: its entry, or why it is skipped. */
export type Loaded<T> = Result<T>

interface ExpandRules<T extends { path: string }> {
  kind: FsSkip['kind']
  /** Loads a match, reading through `view` (whose limits apply). */
  load(match: GlobMatch, view: FsView): Loaded<T> | Promise<Loaded<T>>
  keyOf(entry: T): string
  duplicate(key: string, firstPath: string): string
}

export async function expandUnique<T extends { path: string }>(
  patterns: readonly string[],
  baseDir: string,
  log: Logger,
  rules: ExpandRules<T>,
  view: FsView = directView,
): Promise<{ entries: T[]; skipped: FsSkip[] }> {
  const byKey = new Map<string, T>()
  const skipped: FsSkip[] = []
  const skip = (path: string, reason: string) => skipped.push({ kind: rules.kind, path, reason })
  for (const pattern of patterns) {
    const result = await globMatches(pattern, baseDir, log, view)
    if ('error' in result) {
      skip(pattern, result.error)
      continue
    }
    // A watched view keeps what a file loaded to until the file changes. Files load a batch at a
    // time and are taken in match order, as before.
    const loads = await mapInBatches(result.matches, (match) =>
      view.remember(match.path, `${rules.kind}:${match.id}`, async () => rules.load(match, view)))
    for (const [i, match] of result.matches.entries()) {
      const loaded = loads[i] as Loaded<T>
      if (!loaded.ok) {
        skip(match.path, loaded.error)
        continue
      }
      const key = rules.keyOf(loaded.value)
      const first = byKey.get(key)
      if (first === undefined) byKey.set(key, loaded.value)
      else if (samePath(first.path, match.path)) continue
      else skip(match.path, rules.duplicate(key, first.path))
    }
  }
  const entries = [...byKey.values()].sort((a, b) => compareUtf8(rules.keyOf(a), rules.keyOf(b)))
  return { entries, skipped }
}
