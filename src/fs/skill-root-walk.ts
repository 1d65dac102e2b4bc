/**
 * E19.2: the walk of one skill root (E5.5) in one pass. What it finds at each depth is what the glob
 * `{root}/[!.]*` … `/SKILL.md` of that depth finds (skillRootPatterns, glob-walk.ts): a folder is entered
 * when its name does not start with a dot and it is a directory (symlinks followed), a match is its
 * `SKILL.md` when that exists and is a regular file. The six walks, one per depth, each went through
 * every folder the walks before had listed: at 10,000 skill folders with a `references` folder each,
 * four of the six went through 20,000 remembered listings again, about a second of a start.
 * A root whose path holds glob characters keeps the six globs (skill-roots.ts).
 */
import { deriveId, messages as msg, SKILL_FILE } from '../core/index.js'
import type { Logger } from 'pino'
import { comparePaths } from './globs.js'
import type { GlobMatch } from './glob-matches.js'
import { type FsView, typeOf } from './fs-view.js'

/** Entries of one folder visited at once (as glob-walk.ts). */
const VISIT_WINDOW = 32

/** The matches at depth 1 … maxDepth (index 0 is depth 1), each depth's sorted as a glob's are. */
export async function skillRootWalk(root: string, maxDepth: number, log: Logger, view: FsView): Promise<GlobMatch[][]> {
  const found: string[][] = Array.from({ length: maxDepth }, () => [])
  const join = (dir: string, name: string) => (dir.endsWith('/') ? dir + name : `${dir}/${name}`)
  const isDirectory = async (path: string) => {
    const type = await typeOf(view, path)
    return !('error' in type) && type.isDirectory
  }
  const fill = async (dir: string, depth: number): Promise<void> => {
    if (!(await isDirectory(dir))) return
    if (depth >= 1) {
      const file = join(dir, SKILL_FILE)
      if (await view.exists(file)) found[depth - 1]!.push(file)
    }
    if (depth === maxDepth) return
    const names = await view.list(dir)
    if ('error' in names) {
      log.warn({ error: msg.globEntryFailed(dir, names.error) }, msg.LOG.globEntryError)
      return
    }
    const entered = names.filter((name) => name !== '' && !name.startsWith('.'))
    let next = 0
    const lane = async () => {
      while (next < entered.length) await fill(join(dir, entered[next++]!), depth + 1)
    }
    await Promise.all(Array.from({ length: Math.min(VISIT_WINDOW, entered.length) }, lane))
  }
  await fill(root, 0)
  const prefix = `${root.replace(/\/$/, '')}/`
  return Promise.all(found.map(async (paths) => {
    const sorted = [...new Set(paths)].sort(comparePaths)
    const types = await Promise.all(sorted.map((path) => typeOf(view, path)))
    const matches: GlobMatch[] = []
    sorted.forEach((path, i) => {
      const type = types[i]!
      if ('error' in type) return log.warn({ error: msg.globEntryFailed(path, type.error) }, msg.LOG.globEntryError)
      if (!type.isFile) return
      const derived = deriveId(path, prefix)
      if ('error' in derived) log.warn({ path, error: derived.error }, msg.LOG.deriveIdFailed)
      else matches.push({ id: derived.id, path })
    })
    return matches
  }))
}
