/**
 * E21.2: `DIR/.iii-skills-sync.json`, the ownership manifest: every folder sync wrote in DIR, the
 * skill it holds and the digest of each of its files as written. A folder it does not list is not
 * sync's, and is never written into, replaced or removed.
 */
import { compareUtf8, isJsonObject } from '../core/index.js'

export const MANIFEST_FILE = '.iii-skills-sync.json'
const VERSION = 1

export interface WrittenFolder {
  id: string
  /** path below the folder => `sha256:<hex>` of its bytes. */
  files: Record<string, string>
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
    if (files.some(([, digest]) => typeof digest !== 'string')) return { error: `bad entry ${JSON.stringify(folder)}` }
    folders[folder] = { id: entry.id, files: Object.fromEntries(files) as Record<string, string> }
  }
  return { folders }
}

/** The file's text: folders and files in byte order, so the same manifest is always the same bytes. */
export function renderManifest(manifest: SyncManifest): string {
  const folders = Object.fromEntries(Object.keys(manifest.folders).sort(compareUtf8).map((folder) => {
    const { id, files } = manifest.folders[folder] as WrittenFolder
    return [folder, { id, files: Object.fromEntries(Object.keys(files).sort(compareUtf8).map((path) => [path, files[path]])) }]
  }))
  return `${JSON.stringify({ version: VERSION, folders }, null, 2)}\n`
}

/** Whether two file sets are the same paths with the same digests. */
export function sameFiles(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key])
}
