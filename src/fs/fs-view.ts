/**
 * What the glob walk and the fs index need to know about the file system, behind one interface so
 * the same walk runs straight on the disk (`directView`) or over the watched, cached copy
 * (watched-view.ts). Only the facts the walk and the listings use are kept, not whole `Stats`.
 */
import type { BigIntStats, Dirent } from 'node:fs'
import { readdirSync } from 'node:fs'
import { lstat, readdir, stat } from 'node:fs/promises'
import { FS_LIMITS, type FsLimits } from '../core/index.js'
import { ioErrorText } from './io-error.js'
import { kindOf, TypedList, type PathType } from './typed-list.js'

export { TypedList, type PathType }

/** A `stat` that followed symlinks. */
export interface PathInfo extends PathType {
  /** `dev:ino`, to recognise a directory reached twice (symlink loops). */
  identity: string
  size: number
  /** The mtime as `fs.stat` (not bigint) gives it: milliseconds rounded. */
  mtime: Date
}

/** The error text is Rust's `io::Error` display (io-error.ts). */
export type StatResult = PathInfo | { error: string }
export type ListResult = string[] | { error: string }

export interface FsView {
  /** `stat`, following symlinks. */
  stat(path: string): Promise<StatResult>
  /**
   * What `stat` says `path` is (or its error), where a view can tell without a full `stat`: the
   * watched view answers from the listing of the path's folder. A view without it is asked `stat`.
   */
  type?(path: string): Promise<PathType | { error: string }>
  /** Whether `lstat` succeeds (the crate's existence test for literal components). */
  exists(path: string): Promise<boolean>
  /** The UTF-8 names in a directory (other names are skipped, as the crate skips them). */
  list(dir: string): Promise<ListResult>
  /** `list`, with which names are no symlinks. */
  listTyped(dir: string): Promise<TypedList | { error: string }>
  /** `compute()`, or what it gave for this key of this path while the path has not changed. */
  remember<T>(path: string, key: string, compute: () => Promise<T>): Promise<T>
  /** The caps every read through this view applies (the fs sources' own). */
  readonly limits: FsLimits
}

const UTF8 = new TextDecoder('utf-8', { fatal: true })

export function pathInfo(s: BigIntStats): PathInfo {
  return { isFile: s.isFile(), isDirectory: s.isDirectory(), identity: `${s.dev}:${s.ino}`, size: Number(s.size), mtime: statDate(s.mtimeNs) }
}

// Node's non-bigint `mtime` is `new Date(Math.round(sec * 1e3 + nsec / 1e6))`; a bigint one floors,
// so the same instant must be recomputed the non-bigint way to keep `registered_at` as it was.
function statDate(ns: bigint): Date {
  let sec = ns / 1_000_000_000n
  let nsec = ns % 1_000_000_000n
  if (nsec < 0n) {
    sec -= 1n
    nsec += 1_000_000_000n
  }
  return new Date(Math.round(Number(sec) * 1e3 + Number(nsec) / 1e6))
}

export async function statPath(path: string): Promise<StatResult> {
  try {
    return pathInfo(await stat(path, { bigint: true }))
  } catch (error) {
    return { error: ioErrorText(error) }
  }
}

async function pathExists(path: string): Promise<boolean> {
  try {
    await lstat(path)
    return true
  } catch {
    // Any error (missing, no permission) means the path cannot be served.
    return false
  }
}

async function listDir(dir: string): Promise<ListResult> {
  const typed = await listDirTyped(dir)
  return 'error' in typed ? typed : typed.names
}

export async function listDirTyped(dir: string): Promise<TypedList | { error: string }> {
  try {
    const listed = typedListOf(await readdir(dir, { withFileTypes: true }))
    return listed ?? strictListOf(await readdir(dir, { encoding: 'buffer', withFileTypes: true }))
  } catch (error) {
    return { error: ioErrorText(error) }
  }
}

/**
 * `listDirTyped` as one system call on this thread (E19.2): for a folder of a local file system (the
 * watched index lists only those) a few microseconds, where the thread pool's round trip cost some
 * 50 µs of the main thread under load. The caller yields between slices (watched-view.ts).
 */
export function listDirTypedSync(dir: string): TypedList | { error: string } {
  try {
    return typedListOf(readdirSync(dir, { withFileTypes: true })) ?? strictListOf(readdirSync(dir, { encoding: 'buffer', withFileTypes: true }))
  } catch (error) {
    return { error: ioErrorText(error) }
  }
}

// U+FFFD: what a byte that is not UTF-8 decodes to (a name may also hold it as written).
const REPLACEMENT = '\ufffd'

/**
 * The listing from names read as UTF-8 text (E19.2: a Buffer per name cost 40,000 of them at 10,000
 * skills); undefined when a name holds U+FFFD, which may stand for bytes that are no UTF-8: then the
 * folder is read again as bytes (`strictListOf`).
 */
function typedListOf(raw: Dirent[]): TypedList | undefined {
  let kinds = ''
  for (const entry of raw) {
    if (entry.name.includes(REPLACEMENT)) return undefined
    kinds += kindOf(entry)
  }
  // `map`, not `push`: an array of the names' length (pushed, each listing of one or two names kept
  // room for 17, some 3 MiB over the 20,000 listings of 10,000 skills).
  return new TypedList(raw.map((entry) => entry.name), kinds)
}

function strictListOf(raw: Dirent<Buffer>[]): TypedList {
  const names: string[] = []
  let kinds = ''
  for (const entry of raw) {
    let name: string
    try {
      name = UTF8.decode(entry.name)
    } catch {
      // A name that is not UTF-8 cannot be an id or a path of the contract: skipped.
      continue
    }
    names.push(name)
    kinds += kindOf(entry)
  }
  return new TypedList(names, kinds)
}

/** `view.type(path)` where the view has it, else `view.stat(path)`. */
export function typeOf(view: FsView, path: string): Promise<PathType | { error: string }> {
  return view.type === undefined ? view.stat(path) : view.type(path)
}

/** Every question goes to the disk; nothing is remembered. */
export const directView: FsView = {
  stat: statPath,
  exists: pathExists,
  list: listDir,
  listTyped: listDirTyped,
  remember: (_path, _key, compute) => compute(),
  limits: FS_LIMITS,
}
