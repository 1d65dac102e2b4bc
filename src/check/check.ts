/**
 * `iii-skills check` (E5.2, E15): the fs sources loaded once with the worker's own loader (no
 * engine), the loader's diagnostics as findings, then the E15.2 rules over every `SKILL.md` the
 * loader met (served or skipped), each finding at the level `--rule` gives its rule. A root that
 * yields nothing is E13.7's "nothing found".
 */
import { type SkillsConfig, type FsLimits, compareUtf8, validateId, messages as msg, isSkillFile } from '../core/index.js'
import type { Logger } from 'pino'
import { scanFs, diagnosticsOf, type Diagnostics, directView, type FsView, type ListResult, type StatResult, type TypedList } from '../fs/index.js'
import { duplicateNames } from './catalogue-rules.js'
import type { Candidate } from './collect.js'
import type { Finding } from './finding.js'
import { iiiLinkFindings } from './body-rules.js'
import { hiddenSkillFolders, holdsVisibleSkill, visibleSkillFiles } from './hidden-skills.js'
import { loaderFindings } from './loader-findings.js'
import { levelOf, type Overrides, type RuleId, type Severity } from './rules.js'
import { keyLine, type SkillSummary } from './skill-facts.js'
import { ruleRunner, type RuleRunner } from './rule-threads.js'
import type { SkillChecked } from './skill-rules.js'
import { unservedFindings } from './unserved-rules.js'

/*
 * E15.3: the file system as `check` sees it, each path asked once. `check` runs once over files that
 * do not change meanwhile, so the loader's walk of a root (one glob a depth, E5.5) lists each folder
 * and stats each path once instead of once a depth, and the rules' own listing reuses both.
 */
export function onceView(base: FsView): FsView {
  const stats = new Map<string, Promise<StatResult>>()
  const lists = new Map<string, Promise<ListResult>>()
  const exists = new Map<string, Promise<boolean>>()
  const typedLists = new Map<string, Promise<TypedList | { error: string }>>()
  const once = <T>(memo: Map<string, Promise<T>>, key: string, ask: () => Promise<T>): Promise<T> => {
    let answer = memo.get(key)
    if (answer === undefined) memo.set(key, answer = ask())
    return answer
  }
  return {
    stat: (path) => once(stats, path, () => base.stat(path)),
    exists: (path) => once(exists, path, () => base.exists(path)),
    list: (dir) => once(lists, dir, () => base.list(dir)),
    listTyped: (dir) => once(typedLists, dir, () => base.listTyped(dir)),
    remember: (_path, _key, compute) => compute(),
    limits: base.limits,
  }
}

export interface LevelledFinding extends Finding {
  severity: Severity
}

export interface CheckReport {
  findings: LevelledFinding[]
  /** What the worker would serve (the E5.2 summary). */
  served: { skills: number; prompts: number }
  diagnostics: Diagnostics
  /** `SKILL.md` files the rules looked at. */
  checked: number
}

export type CheckOutcome = { report: CheckReport } | { nothingFound: string[] }

export async function checkSources(
  config: Pick<SkillsConfig, 'skills' | 'prompts' | 'skill_roots'>,
  baseDir: string,
  overrides: Overrides,
  log: Logger,
  /** The caps the worker's loader would apply (E22.4: passed, never assumed). */
  limits: FsLimits,
  /** The config file the globs came from: a glob's own findings (SK008) point at its line there. */
  configFile?: { path: string; text: string },
): Promise<CheckOutcome> {
  const rules = ruleRunner(limits)
  try {
    return await checkWith(rules, config, baseDir, overrides, log, limits, configFile)
  } finally {
    await rules.close()
  }
}

async function checkWith(
  rules: RuleRunner,
  config: Pick<SkillsConfig, 'skills' | 'prompts' | 'skill_roots'>,
  baseDir: string,
  overrides: Overrides,
  log: Logger,
  limits: FsLimits,
  configFile: { path: string; text: string } | undefined,
): Promise<CheckOutcome> {
  // The roots are walked beside the scan; the threads start on what the walk finds.
  const walking = Promise.all((config.skill_roots ?? []).map(async (root) =>
    rules.start((await visibleSkillFiles(root)).map((path) => ({ path, unserved: !servableUnder(root, path) })))))
  const scan = await scanFs(config, baseDir, log, onceView({ ...directView, limits }))
  await walking
  const allPaths = [...scan.skills.skills, ...scan.skills.skipped, ...scan.prompts.prompts, ...scan.prompts.skipped].map((e) => e.path)
  const empty = await emptyRoots(config.skill_roots ?? [], allPaths, baseDir)
  if (empty.length > 0) return { nothingFound: empty }

  const diagnostics = diagnosticsOf(scan.skills.skills, [...scan.skills.skipped, ...scan.prompts.skipped])
  const wanted = candidates(scan.skills.skills, scan.skills.skipped)
  const checked = await rules.finish(wanted.map((c) => ({ path: c.path, unserved: c.id === undefined })))
  const skillIds = new Set(scan.skills.skills.map((s) => s.id))
  const summaries: SkillSummary[] = []
  const own: Finding[] = []
  for (const [i, { path, id }] of wanted.entries()) {
    const { findings, unserved, iiiLinks, summary } = checked[i] as SkillChecked
    if (summary === undefined) continue
    summaries.push({ ...summary, id })
    const withId = (f: Finding): Finding => (id === undefined ? f : { ...f, id })
    // A folder the walk expected the loader to serve but that lost its id to another gets its E5.1 rules here.
    const notServed = id !== undefined ? [] : unserved ?? unservedFindings(summary)
    own.push(...[...notServed, ...findings, ...iiiLinkFindings(path, iiiLinks, skillIds)].map(withId))
  }
  const byPath = new Map(summaries.map((f) => [f.path, f]))
  const findings = [
    ...loaderFindings(diagnostics, (path, rule) => loaderLine(byPath.get(path), rule)).map((f) => (f.rule === 'SK008' ? atConfig(f, configFile) : f)),
    ...own,
    ...duplicateNames(summaries.filter((f) => f.id !== undefined)),
  ]
  return {
    report: {
      findings: ordered(levelled(findings, overrides)),
      served: { skills: scan.skills.skills.length, prompts: scan.prompts.prompts.length },
      diagnostics,
      checked: summaries.length,
    },
  }
}

/** Every served skill folder, then every skipped `SKILL.md` (the rules still read it), each once. */
function candidates(served: ReadonlyArray<{ id: string; path: string; kind: string }>, skipped: ReadonlyArray<{ path: string; kind: string }>): Candidate[] {
  const seen = new Set<string>()
  const all: Candidate[] = []
  for (const s of served) if (s.kind === 'folder' && !seen.has(s.path)) { seen.add(s.path); all.push({ path: s.path, id: s.id }) }
  for (const s of skipped) if (s.kind === 'skill' && isSkillFile(s.path) && !seen.has(s.path)) { seen.add(s.path); all.push({ path: s.path, id: undefined }) }
  return all
}

const NAME_RULES: ReadonlySet<RuleId> = new Set(['SK101', 'SK102', 'SK502'])

/** Whether the loader can serve a root's `SKILL.md` under an id (E5.5: the folder's path from the root must be a valid id). */
function servableUnder(root: string, path: string): boolean {
  const folder = path.slice(root.replace(/\/+$/, '').length + 1, -'/SKILL.md'.length)
  return validateId(folder) === undefined
}

function loaderLine(facts: SkillSummary | undefined, rule: RuleId): number {
  if (facts === undefined) return 1
  if (NAME_RULES.has(rule)) return keyLine(facts, 'name')
  if (rule === 'SK103' || rule === 'SK004') return keyLine(facts, 'description')
  return 1
}

/** "invalid glob …" is about a pattern, not a file: it points at the config line holding the pattern. */
function atConfig(finding: Finding, config: { path: string; text: string } | undefined): Finding {
  if (config === undefined) return finding
  const index = config.text.split('\n').findIndex((line) => line.includes(finding.path))
  return { ...finding, path: config.path, line: index + 1 || 1 }
}

function levelled(findings: readonly Finding[], overrides: Overrides): LevelledFinding[] {
  return findings.flatMap((f) => {
    const level = levelOf(f.rule, overrides)
    return level === 'off' ? [] : [{ ...f, severity: level }]
  })
}

/** Skips first (E5.2's order), then everything else by path; within a path, in the order found. */
function ordered(findings: LevelledFinding[]): LevelledFinding[] {
  const byPath = (a: Finding, b: Finding) => compareUtf8(a.path, b.path)
  return [...findings.filter((f) => f.skipped).sort(byPath), ...findings.filter((f) => !f.skipped).sort(byPath)]
}

/** E13.7: the roots under which the loader found nothing, each with the hidden folders that hold skills. */
async function emptyRoots(roots: readonly string[], paths: readonly string[], baseDir: string): Promise<string[]> {
  const lines: string[] = []
  const dirs = roots.length > 0 ? roots : paths.length === 0 ? [baseDir] : []
  for (const root of dirs) {
    const prefix = `${root.replace(/\/+$/, '')}/`
    if (roots.length > 0 && (paths.some((p) => p.startsWith(prefix)) || await holdsVisibleSkill(root))) continue
    lines.push(msg.noSkillsFound(root))
    for (const hidden of await hiddenSkillFolders(root)) lines.push(msg.hiddenSkills(hidden.dir, hidden.skills))
  }
  return lines
}
