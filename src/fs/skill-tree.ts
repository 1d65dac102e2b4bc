/**
 * The files of a skill folder as the MCP Skills Extension publishes them (E6.2): every regular file
 * below the folder, nested skill folders' files included, as `/`-separated paths relative to it,
 * sorted. Symlinks are not followed (nothing outside the folder is ever listed) and the walk is
 * bounded in depth and count. A folder that cannot be listed (EMFILE, EACCES) is tried once more and
 * then fails the whole listing (E11.6): a file list is never silently short.
 */
import type { Dirent } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { compareUtf8 } from '../core/ids.js'
import * as msg from '../core/messages.js'
import { ioErrorText } from './io-error.js'

const MAX_DEPTH = 16
const MAX_FILES = 10_000

/** A skill folder whose files could not all be listed. */
export class ListingError extends Error {
  constructor(readonly folder: string, readonly dir: string, reason: string) {
    super(msg.skillFilesUnlisted(dir, reason))
  }
}

export async function skillFolderFiles(folder: string): Promise<string[]> {
  const files: string[] = []
  const walk = async (dir: string, prefix: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH || files.length >= MAX_FILES) return
    const entries = await listTwice(folder, dir)
    for (const entry of entries.sort((a, b) => compareUtf8(a.name, b.name))) {
      const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`
      if (entry.isDirectory()) await walk(`${dir}/${entry.name}`, rel, depth + 1)
      else if (entry.isFile() && files.length < MAX_FILES) files.push(rel)
    }
  }
  await walk(folder, '', 0)
  return files.sort(compareUtf8)
}

async function listTwice(folder: string, dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true })
  } catch {
    try {
      return await readdir(dir, { withFileTypes: true })
    } catch (error) {
      throw new ListingError(folder, dir, ioErrorText(error))
    }
  }
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
