/**
 * The rules of `iii-skills check` (E15.1): each has an id, a name, a default severity and a one-line
 * explanation (README lists them with an example each). `--rule ID=LEVEL` (ID or name) overrides a
 * severity or turns a rule off. Pure.
 */
import { messages as msg, III_URI_PREFIX } from '../core/index.js'

export type Severity = 'error' | 'warning' | 'info'
export type Level = Severity | 'off'
export const LEVELS: readonly Level[] = ['off', 'info', 'warning', 'error']

export interface Rule {
  id: string
  name: string
  severity: Severity
  summary: string
}

export const RULES = [
  // E5/E13: what the loader does not serve (SK0xx) and what it serves with a warning.
  { id: 'SK000', name: 'not-served', severity: 'error', summary: 'The loader skips the file for a reason no other rule names.' },
  { id: 'SK001', name: 'unreadable', severity: 'error', summary: 'The file cannot be read as UTF-8 text (or is over 1 MiB).' },
  { id: 'SK002', name: 'no-frontmatter', severity: 'error', summary: 'The file does not open with a YAML frontmatter block (--- … ---).' },
  { id: 'SK003', name: 'invalid-yaml', severity: 'error', summary: 'The frontmatter is not a YAML mapping, even after the E5.1 repair.' },
  { id: 'SK004', name: 'no-description', severity: 'error', summary: 'The frontmatter has no non-empty description.' },
  { id: 'SK005', name: 'invalid-id', severity: 'error', summary: 'The folder path is not a valid skill id.' },
  { id: 'SK006', name: 'duplicate-id', severity: 'warning', summary: 'Two files give the same id; the first is served, the other is not.' },
  { id: 'SK007', name: 'invalid-prompt-name', severity: 'error', summary: 'A prompt file has a name that is not a valid prompt name.' },
  { id: 'SK008', name: 'invalid-glob', severity: 'error', summary: 'A config glob is invalid or matches outside its own prefix.' },
  { id: 'SK009', name: 'folder-renamed', severity: 'info', summary: 'A folder name that is no id segment is served under one (E13.3).' },
  { id: 'SK100', name: 'served-with-warning', severity: 'warning', summary: 'The loader serves the file with a warning no other rule names.' },
  // Frontmatter (E5.1, E15.2).
  { id: 'SK101', name: 'name-mismatch', severity: 'warning', summary: 'The frontmatter name differs from the folder name.' },
  { id: 'SK102', name: 'invalid-name', severity: 'warning', summary: 'The name breaks the Agent Skills naming rules (a-z, 0-9, single -, at most 64).' },
  { id: 'SK103', name: 'description-too-long', severity: 'warning', summary: 'The description is longer than 1,024 characters.' },
  { id: 'SK104', name: 'yaml-repaired', severity: 'warning', summary: 'The frontmatter parses only after quoting values that hold ": ".' },
  { id: 'SK105', name: 'unknown-key', severity: 'warning', summary: 'A frontmatter key is outside the Agent Skills set.' },
  { id: 'SK106', name: 'compatibility-too-long', severity: 'warning', summary: 'compatibility is not a string of at most 500 characters.' },
  { id: 'SK107', name: 'missing-name', severity: 'warning', summary: 'The frontmatter has no name (the folder name is used).' },
  { id: 'SK108', name: 'description-markup', severity: 'warning', summary: 'The description holds a markup tag such as <example>.' },
  { id: 'SK109', name: 'description-no-when', severity: 'info', summary: 'The description does not say when to use the skill.' },
  // Body and files (E15.2).
  { id: 'SK201', name: 'body-too-many-lines', severity: 'warning', summary: 'The SKILL.md body is over 500 lines.' },
  { id: 'SK202', name: 'body-too-many-tokens', severity: 'warning', summary: 'The SKILL.md body is over 5,000 tokens (o200k).' },
  { id: 'SK203', name: 'deep-reference', severity: 'warning', summary: 'A file SKILL.md links to links on to a file SKILL.md does not link.' },
  { id: 'SK204', name: 'windows-path', severity: 'warning', summary: 'A link uses backslashes as path separators.' },
  { id: 'SK205', name: 'file-too-large', severity: 'warning', summary: 'A file of the skill is over 8 MB.' },
  // Links (E15.2).
  { id: 'SK301', name: 'broken-link', severity: 'warning', summary: 'A relative link names no file of the skill folder (or leaves it).' },
  { id: 'SK302', name: 'broken-iii-link', severity: 'warning', summary: `An ${III_URI_PREFIX} link names no skill of the catalogue.` },
  // Security (E15.2).
  { id: 'SK401', name: 'secret', severity: 'error', summary: 'A file holds a private key or a well-known API key shape.' },
  // The catalogue (E13.6, E6.2).
  { id: 'SK501', name: 'duplicate-name', severity: 'warning', summary: 'The same frontmatter name is used by two skill ids.' },
  { id: 'SK502', name: 'not-published', severity: 'warning', summary: 'The MCP Skills Extension leaves the skill out.' },
] as const satisfies readonly Rule[]

export type RuleId = (typeof RULES)[number]['id']

const BY_ID = new Map<string, Rule>(RULES.map((r) => [r.id, r]))
const BY_NAME = new Map<string, Rule>(RULES.map((r) => [r.name, r]))

export function ruleOf(id: RuleId): Rule {
  return BY_ID.get(id) as Rule
}

/** A rule by id (any case) or name; undefined when none. */
export function findRule(ref: string): Rule | undefined {
  return BY_ID.get(ref.toUpperCase()) ?? BY_NAME.get(ref.toLowerCase())
}

export type Overrides = ReadonlyMap<string, Level>

/** "SK101=off" / "name-mismatch=error" => [rule id, level]; an Error naming what is wrong otherwise. */
export function parseRuleOption(value: string): [string, Level] | Error {
  const at = value.lastIndexOf('=')
  const level = value.slice(at + 1).toLowerCase() as Level
  if (at <= 0 || !LEVELS.includes(level)) return new Error(msg.checkRuleInvalid(value))
  const rule = findRule(value.slice(0, at).trim())
  return rule === undefined ? new Error(msg.checkRuleUnknown(value.slice(0, at))) : [rule.id, level]
}

/** The level a rule runs at: the last override for it, else its severity. */
export function levelOf(id: string, overrides: Overrides): Level {
  return overrides.get(id) ?? (BY_ID.get(id) as Rule).severity
}
