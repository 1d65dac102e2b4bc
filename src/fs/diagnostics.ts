/**
 * E5.2: the diagnostics of an fs scan as data (what `skills::diagnostics` answers and
 * `iii-skills check` prints): skips and warnings in path order, and the lines `check` prints.
 */
import type { FsSkill, FsSkip } from './types.js'
import { compareUtf8, unpublishedReason } from '../core/index.js'

export interface Diagnostics {
  skipped: FsSkip[]
  warnings: Array<{ kind: 'skill' | 'prompt'; path: string; id: string; message: string }>
}

/** The skills' own warnings (E5.1), then whether the MCP Skills Extension leaves each out (E6.2). */
/** `listing`: skill folders whose files could not be listed (E11.6), each a warning of its skill. */
export function diagnosticsOf(
  skills: readonly FsSkill[],
  skipped: readonly FsSkip[],
  listing: ReadonlyArray<{ id: string; path: string; message: string }> = [],
): Diagnostics {
  const warnings = skills.flatMap((s) => {
    const unpublished = unpublishedReason(s.id, s.kind === 'folder' ? s.frontmatter.name : undefined)
    return [...(s.warnings ?? []), ...(unpublished === undefined ? [] : [unpublished])]
      .map((message) => ({ kind: 'skill' as const, path: s.path, id: s.id, message }))
  })
  warnings.push(...listing.map(({ id, path, message }) => ({ kind: 'skill' as const, path, id, message })))
  return {
    skipped: [...skipped].sort((a, b) => compareUtf8(a.path, b.path)),
    warnings: warnings.sort((a, b) => compareUtf8(a.path, b.path)),
  }
}

// "skipped skill /s/pdf/SKILL.md: missing …" / "warning skill /s/pdf/SKILL.md (pdf): description longer …"
export function diagnosticLines(d: Diagnostics): string[] {
  return [
    ...d.skipped.map((s) => `skipped ${s.kind} ${s.path}: ${s.reason}`),
    ...d.warnings.map((w) => `warning ${w.kind} ${w.path} (${w.id}): ${w.message}`),
  ]
}

// "17 skills and 2 prompts served, 1 skipped, 3 warnings"
export function diagnosticSummary(skills: number, prompts: number, d: Diagnostics): string {
  return `${skills} skills and ${prompts} prompts served, ${d.skipped.length} skipped, ${d.warnings.length} warnings`
}
