/**
 * E21.2: `DIR/.iii-skills-sync.json`, the ownership manifest: every folder sync wrote in DIR, the
 * skill it holds and the digest of each of its files as written. A folder it does not list is not
 * sync's, and is never written into, replaced or removed.
 */
import { compareUtf8, isJsonObject } from '../core/index.js'

export const MANIFEST_FILE = '.iii-skills-sync.json'
const VERSION = 1

/** What a folder holds: each file's digest, and which files are executable. */
export interface FolderContent {
  /** path below the folder => `sha256:<hex>` of its bytes. */
  files: Record<string, string>
  /** The files written executable (a script's mode kept), in byte order; absent when none. */
  executable?: string[]
}

export interface WrittenFolder extends FolderContent {
  id: string
}

export interface SyncManifest {
  folders: Record<string, WrittenFolder>
}

export const emptyManifest = (): SyncManifest => ({ folders: {} })

/** The manifest a file holds, or an error text when it is not one. */
export function parseManifest(text: string): SyncManifest | { error: string } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
  if (!isJsonObject(json) || json.version !== VERSION || !isJsonObject(json.folders)) return { error: `not a version ${VERSION} manifest` }
  const folders: Record<string, WrittenFolder> = {}
  for (const [folder, entry] of Object.entries(json.folders)) {
    if (!isJsonObject(entry) || typeof entry.id !== 'string' || !isJsonObject(entry.files)) return { error: `bad entry ${JSON.stringify(folder)}` }
    const files = Object.entries(entry.files)
    const executable = entry.executable ?? []
    if (files.some(([, digest]) => typeof digest !== 'string') || !Array.isArray(executable) || executable.some((path) => typeof path !== 'string')) {
      return { error: `bad entry ${JSON.stringify(folder)}` }
    }
    folders[folder] = withExecutable({ id: entry.id, files: Object.fromEntries(files) as Record<string, string> }, executable as string[])
  }
  return { folders }
}

/** The file's text: folders and files in byte order, so the same manifest is always the same bytes. */
export function renderManifest(manifest: SyncManifest): string {
  const folders = Object.fromEntries(Object.keys(manifest.folders).sort(compareUtf8).map((folder) => {
    const { id, files, executable } = manifest.folders[folder] as WrittenFolder
    const sorted = { id, files: Object.fromEntries(Object.keys(files).sort(compareUtf8).map((path) => [path, files[path]])) }
    return [folder, executable === undefined || executable.length === 0 ? sorted : { ...sorted, executable: [...executable].sort(compareUtf8) }]
  }))
  return `${JSON.stringify({ version: VERSION, folders }, null, 2)}\n`
}

/** `content` with its executable files listed (sorted), or without the list when there are none. */
export function withExecutable<T extends FolderContent>(content: T, executable: readonly string[]): T {
  const { executable: _old, ...rest } = content
  return executable.length === 0 ? (rest as T) : { ...rest, executable: [...executable].sort(compareUtf8) } as T
}

/** Whether two folders hold the same paths with the same digests, the same of them executable. */
export function sameContent(a: Readonly<FolderContent>, b: Readonly<FolderContent>): boolean {
  const keys = Object.keys(a.files)
  const [x, y] = [a.executable ?? [], b.executable ?? []]
  return keys.length === Object.keys(b.files).length && keys.every((key) => b.files[key] === a.files[key]) &&
    x.length === y.length && x.every((path) => y.includes(path))
}
