/**
 * Fans the fs index's changes out on `skills::on-change` / `prompts::on-change` (E3): payloads are
 * today's `{op, id}` / `{op, name}` plus `origin: "fs"`. An entry a state row shadows is left out,
 * since what the registry serves under that key did not change (best effort: when the state scope
 * cannot be listed, every change is sent). FsSources hands batches over one at a time, in order.
 */
import type { FsChange } from '../fs/index.js'
import type { Deps } from './deps.js'
import { skillSummaries } from './skill-sources.js'
import { decodePromptRows } from './stored-rows.js'

export function forwardFsChanges(deps: Deps): void {
  deps.fs.onChange((changes) => sendChanges(changes, deps))
}

async function sendChanges(changes: FsChange[], deps: Deps): Promise<void> {
  const shadowed = await stateKeys(changes, deps)
  for (const { kind, op, key } of changes) {
    if (shadowed[kind].has(key)) continue
    if (kind === 'skill') await deps.notify.skills.notify({ op, id: key, origin: 'fs' })
    else await deps.notify.prompts.notify({ op, name: key, origin: 'fs' })
  }
}

const NONE: ReadonlySet<string> = new Set()

async function stateKeys(changes: FsChange[], deps: Deps): Promise<Record<FsChange['kind'], ReadonlySet<string>>> {
  const wanted = (kind: FsChange['kind']) => changes.some((change) => change.kind === kind)
  const [skill, prompt] = await Promise.all([
    wanted('skill') ? skillIds(deps) : NONE,
    wanted('prompt') ? promptNames(deps) : NONE,
  ])
  return { skill, prompt }
}

async function skillIds(deps: Deps): Promise<ReadonlySet<string>> {
  try {
    return new Set((await skillSummaries(deps)).map((s) => s.id))
  } catch {
    // State unreachable: no state id shadows the file, so the change is announced (over-notifying is harmless).
    return NONE
  }
}

async function promptNames(deps: Deps): Promise<ReadonlySet<string>> {
  try {
    return await deps.state.view(deps.config.scopes.prompts, 'prompt-names', (values) => new Set(decodePromptRows(values).map((r) => r.name)))
  } catch {
    // State unreachable: no state name shadows the file, so the change is announced (over-notifying is harmless).
    return NONE
  }
}
