/**
 * The links of a skill that point nowhere: an `iii://` URI naming no skill, or a relative link to a
 * file its folder does not have (or that climbs out of it). `iii://skills` (the index) and
 * `iii://fn/…` (a function's section, checked only when read) always count as fine; web links are
 * not followed (the page never fetches anything a skill names).
 */
import { posix } from 'node:path'
import { afterIiiPrefix } from './uri.js'

export interface BrokenLink {
  link: string
  reason: string
}

interface LinkContext {
  /** Every skill id the catalogue serves. */
  skillIds: ReadonlySet<string>
  /** The files of the skill's folder ("SKILL.md", "references/a.md"); undefined for a skill without one. */
  files: ReadonlySet<string> | undefined
}

export function brokenLinks(links: readonly string[], context: LinkContext): BrokenLink[] {
  const broken: BrokenLink[] = []
  for (const link of new Set(links)) {
    const reason = whyBroken(link, context)
    if (reason !== undefined) broken.push({ link, reason })
  }
  return broken
}

function whyBroken(link: string, { skillIds, files }: LinkContext): string | undefined {
  const linked = afterIiiPrefix(link)
  if (linked !== undefined) {
    const target = (linked.split('#')[0] as string).replace(/\/+$/, '')
    if (target === 'skills' || target.startsWith('fn/')) return undefined
    return skillIds.has(target) ? undefined : `no skill has the id "${target}"`
  }
  if (link === '' || link.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) return undefined
  const path = decodePath((link.split(/[?#]/)[0] as string))
  if (path.startsWith('/')) return 'an absolute path, not a file of the skill'
  const normal = posix.normalize(path)
  if (normal === '..' || normal.startsWith('../')) return 'outside the skill folder'
  if (files === undefined) return 'this skill has no folder of files'
  return files.has(normal) || files.has(`${normal.replace(/\/$/, '')}/SKILL.md`) || [...files].some((f) => f.startsWith(`${normal.replace(/\/$/, '')}/`))
    ? undefined
    : `no file "${normal}" in the skill folder`
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    // A malformed escape is kept as written, as a browser does.
    return path
  }
}
