/** The fs-backed entries (§6) and the diagnostics for files that could not become one. */

export interface FsSkill {
  id: string
  /** The matched path as the glob produced it (absolute unless the base dir was relative). */
  path: string
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
