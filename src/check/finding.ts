/** One thing `check` reports (E15.1): a rule, where (file and 1-based line) and what. Pure. */
import type { RuleId } from './rules.js'

export interface Finding {
  rule: RuleId
  kind: 'skill' | 'prompt'
  /** The file the finding is about (absolute unless the config's globs were relative). */
  path: string
  line: number
  /** The id the skill is served under; absent for a file the loader skips. */
  id?: string
  message: string
  /** A loader skip (E5.2 prints it as "skipped …"). */
  skipped?: true
}
