/**
 * The fs change events between two snapshots (E3 part 3): an entry that appeared or whose file
 * content changed is a `register`, one that went away an `unregister`. A file touched or rewritten
 * with the same bytes, or a change to a file that is no entry (an editor's temp file, a skipped
 * file that stays skipped), changes nothing and gives no event.
 */
import { compareUtf8 } from '../core/index.js'
import type { FsSnapshot } from './fs-snapshot.js'

export interface FsChange {
  kind: 'skill' | 'prompt'
  op: 'register' | 'unregister'
  /** The skill id or the prompt name. */
  key: string
}

export async function changesBetween(before: FsSnapshot, after: FsSnapshot): Promise<FsChange[]> {
  const [skillsBefore, skillsAfter, promptsBefore, promptsAfter] = await Promise.all([
    before.skillDigests(), after.skillDigests(), before.promptDigests(), after.promptDigests(),
  ])
  return [
    ...diffEntries('skill', keyed(before.skills.map((s) => s.id), skillsBefore), keyed(after.skills.map((s) => s.id), skillsAfter)),
    ...diffEntries('prompt', keyed(before.prompts.map((p) => p.name), promptsBefore), keyed(after.prompts.map((p) => p.name), promptsAfter)),
  ]
}

function keyed(keys: string[], digests: readonly string[]): Map<string, string> {
  return new Map(keys.map((key, i) => [key, digests[i] as string]))
}

/** Changes from `before` to `after` (key => content digest), in key order. */
function diffEntries(kind: FsChange['kind'], before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): FsChange[] {
  const changes: FsChange[] = []
  for (const [key, digest] of after) {
    if (before.get(key) !== digest) changes.push({ kind, op: 'register', key })
  }
  for (const key of before.keys()) {
    if (!after.has(key)) changes.push({ kind, op: 'unregister', key })
  }
  return changes.sort((a, b) => compareUtf8(a.key, b.key))
}
