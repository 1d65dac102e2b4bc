/**
 * E11.5: the state file's one real path. A path that is a symlink (or passes through one) is
 * resolved once at start and its target is what gets read, locked and written, so two processes
 * that reach the same file by different paths share one lock and the second is refused.
 */
import { lstat, readlink, realpath } from 'node:fs/promises'
import { basename, dirname, resolve } from 'node:path'

/** Links followed before a chain is taken for a loop. */
const MAX_LINKS = 40

/** The real path of `path` (its folder must exist); a dangling link resolves to where its target would be. */
export async function resolveStatePath(path: string, links = 0): Promise<string> {
  const full = resolve(await realpath(dirname(resolve(path))), basename(path))
  let isLink: boolean
  try {
    isLink = (await lstat(full)).isSymbolicLink()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return full
    throw error
  }
  if (!isLink) return full
  if (links >= MAX_LINKS) throw Object.assign(new Error(`too many symbolic links: ${path}`), { code: 'ELOOP' })
  return resolveStatePath(resolve(dirname(full), await readlink(full)), links + 1)
}
