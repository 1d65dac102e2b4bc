/**
 * A view of the file system in which a symlink that leaves `root` is not there (E11.6): the walk of
 * a skill root never follows a link out of it, so a skill holding a link to `/` or `/etc` costs
 * nothing. Links that stay inside the root are walked as before. Config globs keep upstream's
 * rule (symlinks followed, §6.3); this view is for the skill roots alone.
 */
import { realpath } from 'node:fs/promises'
import { resolve, sep } from 'node:path'
import type { FsView } from './fs-view.js'

export function confinedView(view: FsView, root: string): FsView {
  let realRoot: Promise<string | undefined> | undefined
  const inside = async (path: string): Promise<boolean> => {
    realRoot ??= realpath(resolve(root)).catch(() => undefined)
    const [target, base] = await Promise.all([realpath(path).catch(() => undefined), realRoot])
    return target !== undefined && base !== undefined && (target === base || target.startsWith(base.endsWith(sep) ? base : base + sep))
  }
  return {
    stat: (path) => view.stat(path),
    ...(view.type === undefined ? {} : { type: (path: string) => view.type!(path) }),
    exists: (path) => view.exists(path),
    remember: (path, key, compute) => view.remember(path, key, compute),
    listTyped: (dir) => view.listTyped(dir),
    limits: view.limits,
    list: async (dir) => {
      const names = await view.list(dir)
      if ('error' in names) return names
      const typed = await view.listTyped(dir)
      if ('error' in typed) return names
      const kept: string[] = []
      for (const name of names) {
        if (typed.isPlain(name) || (await inside(`${dir.replace(/\/$/, '')}/${name}`))) kept.push(name)
      }
      return kept
    },
  }
}
