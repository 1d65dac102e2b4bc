/**
 * E15.3: the file system as `check` sees it, each path asked once. `check` runs once over files that
 * do not change meanwhile, so the loader's walk of a root (one glob a depth, E5.5) lists each folder
 * and stats each path once instead of once a depth, and the rules' own listing reuses both.
 */
import { directView, type FsView, type ListResult, type StatResult, type TypedList } from '../fs/fs-view.js'

export function onceView(base: FsView = directView): FsView {
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
  }
}
