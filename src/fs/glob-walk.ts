/**
 * Walks the file system for one compiled, brace-free glob the way the Rust `glob` crate does
 * (literal components are looked up without listing the directory, `**` descends into every
 * directory including dot-dirs and symlinked ones, but not a symlinked one inside a skill folder),
 * then keeps regular files only. Unlike the crate it never re-enters a directory that is already on
 * the current descent, so a symlink loop cannot make a scan run forever.
 */
import { messages as msg, SKILL_FILE } from '../core/index.js'
import type { Logger } from 'pino'
import { directView, type FsView, type PathInfo, type PathType, typeOf } from './fs-view.js'
import { type CompiledGlob, type Component, matchesComponent, matchName, startsWithDot } from '../core/index.js'

/** Matched regular files (symlinks followed), in no particular order. */
export async function walkGlob(glob: CompiledGlob, log: Logger, view: FsView = directView): Promise<string[]> {
  if (glob.requireDir || glob.components.length === 0) return []
  const walker = new Walker(glob.components, log, view)
  await walker.fill(glob.root, 0, new Set())
  return walker.regularFiles()
}

// "/" + "tmp" => "/tmp"; "." + "a" => "a" (the crate does not prefix relative results with ./)
function join(dir: string, name: string): string {
  if (dir === '.') return name
  return dir.endsWith('/') ? dir + name : `${dir}/${name}`
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1)

/** Entries of one folder visited at once. */
const VISIT_WINDOW = 32

/** Runs `visit(0 … count - 1)`, at most `window` at a time. */
async function inWindow(count: number, window: number, visit: (i: number) => Promise<void>): Promise<void> {
  let next = 0
  const lane = async () => {
    while (next < count) await visit(next++)
  }
  await Promise.all(Array.from({ length: Math.min(window, count) }, lane))
}

async function infoOrUndefined(view: FsView, path: string): Promise<PathInfo | undefined> {
  const info = await view.stat(path)
  return 'error' in info ? undefined : info
}

/** What `path` is, without its identity: all a component that is not `**` needs (typeOf spares a stat). */
async function typeOrUndefined(view: FsView, path: string): Promise<PathType | undefined> {
  const type = await typeOf(view, path)
  return 'error' in type ? undefined : type
}

class Walker {
  private readonly candidates: string[] = []
  private readonly last: number

  constructor(
    private readonly components: readonly Component[],
    private readonly log: Logger,
    private readonly view: FsView,
  ) {
    this.last = components.length - 1
  }

  /** fill_todo: apply component `idx` inside `dir`; `ancestors` are the directories `**` is inside. */
  async fill(dir: string, idx: number, ancestors: ReadonlySet<string>): Promise<void> {
    const component = this.components[idx] as Component
    const info = component.kind === 'recursive' ? await infoOrUndefined(this.view, dir) : await typeOrUndefined(this.view, dir)
    if (!info?.isDirectory) return
    if (component.kind === 'literal') {
      const next = join(dir, component.text)
      const special = component.text === '.' || component.text === '..'
      if (special || (await this.view.exists(next))) await this.add(next, idx, ancestors)
      return
    }
    const inside = component.kind === 'recursive' ? new Set(ancestors).add((info as PathInfo).identity) : ancestors
    const paths = (await this.list(dir)).map((name) => join(dir, name))
    // Under `**` every entry is stat'ed; all at once, then visited in order (a folder of 2,000 skills
    // stat'ed one await at a time took ~100 ms per listing).
    const infos = component.kind === 'recursive' ? await this.walkable(dir, paths) : []
    // E16.2: the entries are visited VISIT_WINDOW at a time (the matches come in no particular order):
    // one at a time, 10,000 skill folders each waited for their own listing and watch in turn.
    await inWindow(paths.length, VISIT_WINDOW, (i) => this.visit(paths[i]!, idx, inside, infos[i]))
    if (!startsWithDot(component)) return
    for (const special of ['.', '..']) {
      if (component.kind === 'wild' && matchName(component.tokens, special)) {
        await this.add(join(dir, special), idx, ancestors)
      }
    }
  }

  /**
   * What `**` may descend into among `paths` (the entries of `dir`): each entry's stat, except that
   * inside a skill folder a symlinked folder is not walked (E11.6: a skill holding a link to `/etc`
   * made every call walk it). Elsewhere symlinks are followed, as the glob crate follows them.
   */
  private async walkable(dir: string, paths: string[]): Promise<Array<PathInfo | undefined>> {
    const infos = await Promise.all(paths.map((path) => infoOrUndefined(this.view, path)))
    if (!infos.some((info) => info?.isDirectory) || !(await this.insideSkillFolder(dir))) return infos
    const listed = await this.view.listTyped(dir)
    if ('error' in listed) return infos
    return infos.map((info, i) => (info?.isDirectory && !listed.isPlain(baseName(paths[i]!)) ? { ...info, isDirectory: false } : info))
  }

  /** Whether `dir` or a folder above it holds a SKILL.md. */
  private async insideSkillFolder(dir: string): Promise<boolean> {
    for (let current = dir; ; ) {
      if (await this.view.exists(join(current, SKILL_FILE))) return true
      const slash = current.lastIndexOf('/')
      if (slash <= 0 || current === '.') return false
      current = current.slice(0, slash)
    }
  }

  private async add(path: string, idx: number, ancestors: ReadonlySet<string>): Promise<void> {
    if (idx === this.last) this.candidates.push(path)
    else await this.fill(path, idx + 1, ancestors)
  }

  /** One directory entry found while applying component `idx` (the crate's `Paths::next`). */
  private async visit(path: string, idx: number, ancestors: ReadonlySet<string>, info?: PathInfo): Promise<void> {
    let current = idx
    if (this.components[current]?.kind === 'recursive') {
      let next = current
      while (this.components[next + 1]?.kind === 'recursive') next++
      if (info?.isDirectory && !ancestors.has(info.identity)) await this.fill(path, next, ancestors)
      if (next === this.last) return
      current = next + 1
    }
    if (!matchesComponent(this.components[current] as Component, baseName(path))) return
    if (current === this.last) this.candidates.push(path)
    else await this.fill(path, current + 1, ancestors)
  }

  private async list(dir: string): Promise<string[]> {
    const names = await this.view.list(dir)
    if (!('error' in names)) return names
    this.log.warn({ error: msg.globEntryFailed(dir, names.error) }, msg.LOG.globEntryError)
    return []
  }

  /** `is_file()` on every match, following symlinks; a match gone by now is logged and dropped. */
  async regularFiles(): Promise<string[]> {
    const checks = await Promise.all(this.candidates.map((path) => typeOf(this.view, path)))
    return this.candidates.filter((path, i) => {
      const check = checks[i]!
      if (!('error' in check)) return check.isFile
      this.log.warn({ error: msg.globEntryFailed(path, check.error) }, msg.LOG.globEntryError)
      return false
    })
  }
}
