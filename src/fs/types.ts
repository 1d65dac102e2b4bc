/** The fs-backed entries (§6) and the diagnostics for files that could not become one. */
import type { DiscoveryFields, JsonObject } from '../core/index.js'

/**
 * One fs skill as its file was when loaded: everything listings show (the index bullet, the
 * `skills::list` size and date, the E2 fields), never the body, which reads fetch fresh.
 */
export interface FsSkill {
  id: string
  /** The matched path as the glob produced it (absolute unless the base dir was relative). */
  path: string
  /** `folder`: an Agent Skills folder (E1), `path` is its `SKILL.md`; `file`: a markdown file. */
  kind: 'folder' | 'file'
  /** Size of the whole file (frontmatter included), 0 when it cannot be stat'ed. */
  bytes: number
  /** The file's mtime as a D9 timestamp, "" when it cannot be stat'ed. */
  registeredAt: string
  /** The index bullet's title (undefined: the bullet shows the id) and description (cut by D1). */
  title: string | undefined
  description: string | undefined
  /** The parsed frontmatter (`{}` when there is none) and what E2 reads from it. */
  frontmatter: JsonObject
  discovery: DiscoveryFields
  /** UTF-8 length of the body served (the file without its frontmatter); 0 when it cannot be read. */
  bodyBytes?: number
  /** A folder's whole frontmatter description on one line (E5.4), uncut. */
  fullDescription?: string
  /** What E5.1 let through with a warning (absent when none). */
  warnings?: string[]
}

export interface FsPrompt {
  name: string
  description: string
  path: string
}

export interface FsSkip {
  kind: 'skill' | 'prompt'
  /** The rejected file, or the pattern as written in the config when the pattern itself failed. */
  path: string
  reason: string
}
