/**
 * E13.7: when a root yields no skill, the hidden folders under it that hold `SKILL.md` folders (a
 * root never enters them, E5.5): the topmost such folders, each with how many it holds, within the
 * root's 6 levels; `.git` and `node_modules` are never entered.
 */
import { readdir, stat } from 'node:fs/promises'
import { compareUtf8, SKILL_FILE } from '../core/index.js'

const MAX_DEPTH = 6
const NEVER_ENTERED = new Set(['.git', 'node_modules'])

export async function hiddenSkillFolders(root: string): Promise<Array<{ dir: string; skills: number }>> {
  const found: Array<{ dir: string; skills: number }> = []
  const walk = async (dir: string, depth: number): Promise<void> => {
    for (const entry of await entries(dir)) {
      if (!entry.isDirectory() || NEVER_ENTERED.has(entry.name)) continue
      const path = `${dir}/${entry.name}`
      if (entry.name.startsWith('.')) {
        const skills = await countSkills(path, depth + 1)
        if (skills > 0) found.push({ dir: path, skills })
      } else if (depth + 1 < MAX_DEPTH) await walk(path, depth + 1)
    }
  }
  await walk(root.replace(/\/+$/, ''), 0)
  return found
}

/** Whether the root holds a `SKILL.md` it serves from (not hidden): one that lost its id to another root still counts. */
export async function holdsVisibleSkill(root: string): Promise<boolean> {
  const walk = async (dir: string, depth: number): Promise<boolean> => {
    for (const entry of await entries(dir)) {
      if (entry.isFile() && entry.name === SKILL_FILE && depth > 0) return true
      if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules' && depth < MAX_DEPTH && await walk(`${dir}/${entry.name}`, depth + 1)) return true
    }
    return false
  }
  return walk(root.replace(/\/+$/, ''), 0)
}

/** `SKILL.md` files under `dir` (itself included), down to the root's depth limit. */
async function countSkills(dir: string, depth: number): Promise<number> {
  let count = 0
  for (const entry of await entries(dir)) {
    if (entry.isFile() && entry.name === SKILL_FILE) count++
    else if (entry.isDirectory() && !NEVER_ENTERED.has(entry.name) && depth < MAX_DEPTH) count += await countSkills(`${dir}/${entry.name}`, depth + 1)
  }
  return count
}

async function entries(dir: string) {
  try {
    return (await readdir(dir, { withFileTypes: true })).sort((a, b) => compareUtf8(a.name, b.name))
  } catch {
    // A folder that cannot be listed hides no skills from us; the loader reports it.
    return []
  }
}

/**
 * The `SKILL.md` files a root serves from (not hidden, not under `node_modules`, at most 6 levels
 * down, symlinks followed as the loader's walk follows them): what `check` starts on before the
 * scan. Only symlinks are stat'ed; the listing says what every other entry is.
 */
export async function visibleSkillFiles(root: string): Promise<string[]> {
  const found: string[] = []
  const walk = async (dir: string, depth: number): Promise<void> => {
    await Promise.all((await entries(dir)).map(async (entry) => {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') return
      const path = `${dir}/${entry.name}`
      const kind = entry.isSymbolicLink() ? await stat(path).catch(() => undefined) : entry
      if (kind === undefined) return
      if (kind.isFile() && entry.name === SKILL_FILE && depth > 0) found.push(path)
      else if (kind.isDirectory() && depth < MAX_DEPTH) await walk(path, depth + 1)
    }))
  }
  await walk(root.replace(/\/+$/, ''), 0)
  return found.sort(compareUtf8)
}
