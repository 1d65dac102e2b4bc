/**
 * The disk side of one target DIR (E21.2, E21.3): its manifest, the folders in it, the digests of a
 * folder's files, and the writes. Each folder is written into a temporary sibling (a hidden name
 * harnesses skip) and renamed into place, and a folder replaced or removed is first renamed out of
 * the way, so a reader sees the old folder whole, the new one whole, or none; never half of one.
 */
import { randomBytes } from 'node:crypto'
import { lstat, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { compareUtf8, digestOf, messages as msg } from '../core/index.js'
import { MANIFEST_FILE, emptyManifest, parseManifest, renderManifest, withExecutable, type FolderContent, type SyncManifest } from './manifest.js'

/** Every temporary sibling sync makes starts so: a leftover of a killed run is removed by the next. */
export const TEMP_PREFIX = '.iii-skills-sync-tmp-'

export interface TargetState {
  manifest: SyncManifest
  /** The manifest file's text as read ('' when there is none): it is rewritten only when it changes. */
  manifestText: string
  /** Names in DIR other than the manifest and temporary siblings. */
  present: Set<string>
  /** Why the manifest could not be used, when it could not. */
  problem?: string
}

export async function readTarget(dir: string): Promise<TargetState> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[]
    throw error
  })
  const present = new Set(names.filter((name) => name !== MANIFEST_FILE && !name.startsWith(TEMP_PREFIX)))
  if (!names.includes(MANIFEST_FILE)) return { manifest: emptyManifest(), manifestText: '', present }
  const path = join(dir, MANIFEST_FILE)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    return { manifest: emptyManifest(), manifestText: '', present, problem: msg.syncManifestUnreadable(path, String(error)) }
  }
  const parsed = parseManifest(text)
  if ('error' in parsed) return { manifest: emptyManifest(), manifestText: text, present, problem: msg.syncManifestUnreadable(path, parsed.error) }
  return { manifest: parsed, manifestText: text, present }
}

/**
 * What a folder in DIR holds: the digest of every file below it by path, and which are executable.
 * Anything sync never writes (a symlink, a special file) gets a digest no written file has, so the
 * folder reads as edited.
 */
export async function folderDigests(folder: string): Promise<FolderContent> {
  const files: Record<string, string> = {}
  const executable: string[] = []
  const walk = async (dir: string, prefix: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true })
    entries.sort((a, b) => compareUtf8(a.name, b.name))
    for (const entry of entries) {
      const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`
      const path = join(dir, entry.name)
      if (entry.isDirectory()) await walk(path, rel)
      else if (!entry.isFile()) files[rel] = `not a file: ${rel}`
      else {
        files[rel] = digestOf(await readFile(path))
        if (((await stat(path)).mode & ANY_EXECUTE) !== 0) executable.push(rel)
      }
    }
  }
  const info = await lstat(folder).catch(() => undefined)
  if (info?.isDirectory() !== true) return { files: { '': 'not a folder' } }
  await walk(folder, '')
  return withExecutable({ files }, executable)
}

/** Any of the execute bits: how a file sync wrote executable reads back, whatever the umask kept. */
const ANY_EXECUTE = 0o111

/** Where temporary siblings of this process live until they are renamed or removed. */
export class Temporaries {
  private readonly open = new Set<string>()

  name(dir: string, folder: string): string {
    const path = join(dir, `${TEMP_PREFIX}${folder}-${process.pid}-${randomBytes(4).toString('hex')}`)
    this.open.add(path)
    return path
  }

  done(path: string): void {
    this.open.delete(path)
  }

  /** Removes every temporary sibling still open (a stop in the middle of a write, E21.4). */
  async removeAll(): Promise<void> {
    await Promise.all([...this.open].map(async (path) => {
      await rm(path, { recursive: true, force: true })
      this.open.delete(path)
    }))
  }
}

/** Removes what killed runs left behind in DIR: only names sync alone makes. */
export async function removeLeftovers(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[])
  await Promise.all(names.filter((name) => name.startsWith(TEMP_PREFIX)).map((name) => rm(join(dir, name), { recursive: true, force: true })))
}

/** One file to write: its bytes, and whether it is executable (written 0777 less the umask, else 0666). */
export interface FileToWrite {
  bytes: Buffer
  executable: boolean
}

/** `files`: path below the folder => what to write there; a folder sync wrote that is there goes. */
export async function writeFolder(dir: string, folder: string, files: ReadonlyMap<string, FileToWrite>, temps: Temporaries, stopped: () => boolean): Promise<void> {
  await mkdir(dir, { recursive: true })
  const temp = temps.name(dir, folder)
  try {
    for (const [path, { bytes, executable }] of files) {
      if (stopped()) throw new Stopped()
      const target = join(temp, path)
      await mkdir(dirname(target), { recursive: true })
      await writeFile(target, bytes, { mode: executable ? 0o777 : 0o666 })
    }
    if (stopped()) throw new Stopped()
    const final = join(dir, folder)
    const old = await lstat(final).then(() => temps.name(dir, folder), () => undefined)
    if (old !== undefined) await rename(final, old)
    try {
      await rename(temp, final)
    } catch (error) {
      // The folder as it was goes back: a failed write leaves DIR as it found it.
      if (old !== undefined) await rename(old, final).then(() => temps.done(old), () => undefined)
      throw error
    }
    temps.done(temp)
    if (old !== undefined) {
      await rm(old, { recursive: true, force: true })
      temps.done(old)
    }
  } finally {
    await temps.removeAll()
  }
}

/** Renamed out of place first, then deleted: a reader never meets a half-deleted folder. */
export async function removeFolder(dir: string, folder: string, temps: Temporaries): Promise<void> {
  const old = temps.name(dir, folder)
  try {
    await rename(join(dir, folder), old)
    await rm(old, { recursive: true, force: true })
    temps.done(old)
  } finally {
    await temps.removeAll()
  }
}

/** Writes the manifest (beside it, then renamed) when its text differs from what DIR holds; returns the text DIR holds. */
export async function writeManifest(dir: string, manifest: SyncManifest, before: string, temps: Temporaries): Promise<string> {
  const text = renderManifest(manifest)
  if (text === before) return before
  await mkdir(dir, { recursive: true })
  const temp = temps.name(dir, 'manifest')
  try {
    await writeFile(temp, text)
    await rename(temp, join(dir, MANIFEST_FILE))
    temps.done(temp)
  } finally {
    await temps.removeAll()
  }
  return text
}

/** Thrown when a stop (SIGTERM, E21.4) ends a write midway; the temporary sibling is removed. */
export class Stopped extends Error {
  constructor() {
    super('stopped')
  }
}
