/**
 * What the rules of E15.2 look at for one `SKILL.md` folder, read once (src/check/collect.ts): its
 * text split into frontmatter and body with line positions, its files and their sizes, and the text
 * of its own text files. Pure.
 */
import { splitFrontmatter, frontmatterOf, type FsLimits, type JsonObject } from '../core/index.js'

export interface SkillFile {
  /** `/`-separated, relative to the skill folder. */
  path: string
  bytes: number
  /** false for a file of a nested skill folder (that skill checks it). */
  own: boolean
}

export interface SkillFacts {
  /** The caps the worker's loader applies (E22.4), which some rules report against. */
  limits: FsLimits
  /** The `SKILL.md`, as the loader named it. */
  path: string
  /** Its folder (the `SKILL.md` path minus `/SKILL.md`). */
  folder: string
  /** The id it is served under; undefined when the loader skips it. */
  id: string | undefined
  /** undefined when the file has no frontmatter block. */
  block: string | undefined
  /** The frontmatter as JSON (E5.1 repair applied); `{}` without a block or when it does not parse. */
  data: JsonObject
  /** Line of each top-level frontmatter key. */
  keyLines: ReadonlyMap<string, number>
  body: string
  /** Line of the body's first line in the file. */
  bodyLine: number
  files: readonly SkillFile[]
  /** Text of each own text file of at most 1 MiB ("SKILL.md" included), by relative path. */
  texts: ReadonlyMap<string, string>
}

// "---\nname: a\ndescription: b\n---\n# A\n" => block "name: a\ndescription: b", keys name → 2, description → 3, body from line 5
export function skillFacts(path: string, id: string | undefined, text: string, files: readonly SkillFile[], texts: ReadonlyMap<string, string>, limits: FsLimits): SkillFacts {
  const { frontmatter: block, body } = splitFrontmatter(text)
  const keyLines = new Map<string, number>()
  const blockLines = block === undefined ? [] : block.split('\n')
  for (const [i, line] of blockLines.entries()) {
    const key = /^([^\s#:'"-][^:]*?|"[^"]*"|'[^']*')\s*:(\s|$)/.exec(line)?.[1]?.replace(/^["']|["']$/g, '')
    if (key !== undefined && !keyLines.has(key)) keyLines.set(key, i + 2)
  }
  return {
    path, folder: path.slice(0, path.lastIndexOf('/')), id, block,
    data: block === undefined ? {} : frontmatterOf(text),
    keyLines, body, bodyLine: block === undefined ? 1 : blockLines.length + 3, files, texts, limits,
  }
}

/** What the catalogue-wide rules and the loader's findings need of a folder once its own rules ran. */
export interface SkillSummary {
  path: string
  id: string | undefined
  /** The frontmatter `name` as parsed (any JSON value; undefined when absent). */
  name: unknown
  keyLines: ReadonlyMap<string, number>
  folder: string
  block: string | undefined
}

export const summaryOf = (facts: SkillFacts): SkillSummary =>
  ({ path: facts.path, id: facts.id, name: facts.data.name, keyLines: facts.keyLines, folder: facts.folder, block: facts.block })

/** The line of a frontmatter key, else 1. */
export function keyLine(facts: Pick<SkillFacts, 'keyLines'>, key: string): number {
  return facts.keyLines.get(key) ?? 1
}
