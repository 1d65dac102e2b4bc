/**
 * The files of a skill folder as the MCP Skills Extension publishes them (E6.2): every regular file
 * below the folder, nested skill folders' files included, as `/`-separated paths relative to it,
 * sorted. Symlinks are not followed (nothing outside the folder is ever listed) and the walk is
 * bounded in depth and count. A folder that cannot be listed (EMFILE, EACCES) is tried once more and
 * then fails the whole listing (E11.6): a file list is never silently short.
 *
 * E13.1: the walk goes through an FsView, so with the fs index on, every listing and stat comes from
 * what the file watcher keeps current, and a file's size and digest are read once per change of it.
 */
import { SkillsError, compareUtf8, messages as msg, digestOf } from '../core/index.js'
import { readFolderBytes } from './folder-file.js'
import { directView, type FsView, type TypedList, typeOf } from './fs-view.js'

const MAX_DEPTH = 16
const MAX_FILES = 10_000

/** A skill folder whose files could not all be listed. */
export class ListingError extends Error {
  constructor(readonly folder: string, readonly dir: string, reason: string) {
    super(msg.skillFilesUnlisted(dir, reason))
  }
}

export async function skillFolderFiles(folder: string, view: FsView = directView): Promise<string[]> {
  const files: string[] = []
  const walk = async (dir: string, prefix: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH || files.length >= MAX_FILES) return
    const listed = await listTwice(view, folder, dir)
    const plain = listed.names.filter((name) => listed.isPlain(name)).sort(compareUtf8)
    const infos = await Promise.all(plain.map((name) => typeOf(view, `${dir}/${name}`)))
    for (const [i, name] of plain.entries()) {
      const info = infos[i]!
      if ('error' in info) continue // gone since the listing
      const rel = prefix === '' ? name : `${prefix}/${name}`
      if (info.isDirectory) await walk(`${dir}/${name}`, rel, depth + 1)
      else if (info.isFile && files.length < MAX_FILES) files.push(rel)
    }
  }
  await walk(folder, '', 0)
  return files.sort(compareUtf8)
}

async function listTwice(view: FsView, folder: string, dir: string): Promise<TypedList> {
  const first = await view.listTyped(dir)
  if (!('error' in first)) return first
  // A cached failure would be served again: the direct listing is the second try.
  const second = await directView.listTyped(dir)
  if ('error' in second) throw new ListingError(folder, dir, second.error)
  return second
}

export interface FileFacts {
  size: number
  digest: string
}

/** Reads of a file replaced while it was read, before it is left out of a listing as gone. */
const FACT_READS = 3

/**
 * Size and digest of a file of the folder as served (confined, at most 8 MiB), read once per change
 * of it. A file replaced while it is read (another writer) is read again, up to FACT_READS times; a
 * file gone by then is left out, as a listing a moment later would leave it.
 */
export function fileFacts(folder: string, path: string, view: FsView = directView): Promise<FileFacts | undefined> {
  return view.remember(`${folder}/${path}`, 'facts', async () => {
    for (let read = 1; ; read++) {
      try {
        const bytes = await readFolderBytes(folder, path, view.limits)
        return bytes === undefined ? undefined : { size: bytes.length, digest: digestOf(bytes) }
      } catch (error) {
        if (!(error instanceof SkillsError) || read === FACT_READS) throw error
      }
    }
  })
}

/** The direct children of `sub` (a `/`-separated folder path, '' for the root) among `files`. */
export function directChildren(files: readonly string[], sub: string): { files: string[]; dirs: string[] } {
  const prefix = sub === '' ? '' : `${sub}/`
  const out = { files: [] as string[], dirs: new Set<string>() }
  for (const file of files) {
    if (!file.startsWith(prefix)) continue
    const rest = file.slice(prefix.length)
    const slash = rest.indexOf('/')
    if (slash === -1) out.files.push(rest)
    else out.dirs.add(rest.slice(0, slash))
  }
  return { files: out.files, dirs: [...out.dirs].sort(compareUtf8) }
}
