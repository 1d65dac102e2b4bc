/**
 * `read_skill_file` inside a skill folder (E2): a regular file below the folder, symlinks followed,
 * never one outside it and never one of a nested skill folder (a folder whose SKILL.md is served:
 * one that is skipped leaves its files to the enclosing skill, E13.4). Nothing outside is ever read, whatever
 * the path: the resolved path is checked before the file is opened, the file is opened without
 * following a final symlink, and the opened handle is checked to still be that file before a byte
 * is read, so a symlink swapped in between the check and the open cannot redirect the read.
 * The path has already passed `checkSkillPath` (relative, no `..`, no backslash, no NUL).
 */
import { closeSync, constants, fstatSync, openSync, readlinkSync, readSync, realpathSync, statSync } from 'node:fs'
import type { BigIntStats } from 'node:fs'
import { type FileHandle, open, readlink, realpath, stat } from 'node:fs/promises'
import { InvalidParamsError, SKILL_FILE, SkillsError, messages as msg, type FsLimits } from '../core/index.js'
import { ioErrorTextFor } from './io-error.js'
import { readOpened, SYNC_READ_MAX_BYTES } from './read-text.js'

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0)

/** Whether the folder at this `/`-separated path below the skill's folder is a skill of its own (served). */
export type NestedSkill = (dir: string) => boolean

/** No folder below a skill's is left out. */
export const NONE_HIDDEN: NestedSkill = () => false

/** The folders below `folder` (`/`-separated paths relative to it) whose SKILL.md path `skillFiles` holds. */
export function skillFoldersIn(folder: string, skillFiles: ReadonlySet<string>): NestedSkill {
  const prefix = folder.endsWith('/') ? folder : `${folder}/`
  return (dir) => skillFiles.has(`${prefix}${dir}/${SKILL_FILE}`)
}

export async function readFolderFile(folder: string, path: string, nested: NestedSkill, limits: FsLimits): Promise<string> {
  const text = await readFolderFileIfAny(folder, path, nested, limits)
  if (text === undefined) throw new InvalidParamsError(msg.fileNotFound(path))
  return text
}

/** `readFolderFile`, with undefined where it would answer `File not found`. */
export async function readFolderFileIfAny(folder: string, path: string, nested: NestedSkill, limits: FsLimits): Promise<string | undefined> {
  const root = await realpathOf(folder)
  const target = root === undefined ? undefined : await realpathOf(`${root}/${path}`)
  if (root === undefined || target === undefined) return undefined
  if (!isWithin(root, target)) throw new InvalidParamsError(msg.pathOutsideFolder(path))
  if (underNestedSkill(target.slice(root.length), nested)) return undefined
  let handle: FileHandle
  try {
    handle = await open(target, OPEN_FLAGS)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new SkillsError(msg.fileChangedWhileRead(path))
  }
  try {
    const info = await handle.stat({ bigint: true })
    if (!(await stillTarget(handle, info, root, path, target))) throw new SkillsError(msg.fileChangedWhileRead(path))
    if (!info.isFile()) throw new InvalidParamsError(msg.notAFile(path))
    return textOf(await readOpened(handle, limits.textFileBytes), path, limits.textFileBytes)
  } finally {
    await handle.close()
  }
}

/**
 * The raw bytes of a regular file below `folder`, nested skill folders' files included (the SEP
 * publishes them in the enclosing skill too) but those `hidden` holds (E20.3: a nested skill outside
 * a view), with the same confinement as `readFolderFileIfAny`; undefined when there is no such file.
 */
export async function readFolderBytes(folder: string, path: string, limits: FsLimits, hidden: NestedSkill = NONE_HIDDEN): Promise<Buffer | undefined> {
  const small = readSmallFolderBytes(folder, path, limits.skillResourceBytes, hidden)
  if (small !== LARGE) return small
  const root = await realpathOf(folder)
  const target = root === undefined ? undefined : await realpathOf(`${root}/${path}`)
  if (root === undefined || target === undefined || !isWithin(root, target)) return undefined
  if (underNestedSkill(target.slice(root.length), hidden)) return undefined
  let handle: FileHandle
  try {
    handle = await open(target, OPEN_FLAGS)
  } catch {
    // Gone or unreadable since it was listed: the caller answers "not found".
    return undefined
  }
  try {
    const info = await handle.stat({ bigint: true })
    if (!(await stillTarget(handle, info, root, path, target))) throw new SkillsError(msg.fileChangedWhileRead(path))
    if (!info.isFile() || info.size > BigInt(limits.skillResourceBytes)) return undefined
    return await handle.readFile()
  } finally {
    await handle.close()
  }
}

const LARGE = Symbol('large')

/**
 * `readFolderBytes` of a small file in one go, synchronously (E16.2), as read-known.ts reads a file the
 * index knows is small: the same checks (both paths resolved, the target within the folder, opened
 * without following a final symlink, the handle still the checked file) in about 20 µs of blocking
 * calls instead of seven round trips through libuv's thread pool. LARGE: read it the asynchronous way.
 */
function readSmallFolderBytes(folder: string, path: string, maxBytes: number, hidden: NestedSkill): Buffer | undefined | typeof LARGE {
  const root = realpathSyncOf(folder)
  const target = root === undefined ? undefined : realpathSyncOf(`${root}/${path}`)
  if (root === undefined || target === undefined || !isWithin(root, target)) return undefined
  if (underNestedSkill(target.slice(root.length), hidden)) return undefined
  let fd: number
  try {
    fd = openSync(target, OPEN_FLAGS)
  } catch {
    return undefined
  }
  try {
    // Not bigint: a size is exact as a number, and a BigIntStats is 18 BigInts more garbage a read.
    const info = fstatSync(fd)
    if (!stillTargetSync(fd, root, path, target)) throw new SkillsError(msg.fileChangedWhileRead(path))
    if (!info.isFile() || info.size > maxBytes) return undefined
    if (info.size > SYNC_READ_MAX_BYTES) return LARGE
    return readToEnd(fd, info.size)
  } finally {
    closeSync(fd)
  }
}

/** Every byte up to end of file (a file that grew since its stat is read whole too). */
function readToEnd(fd: number, expected: number): Buffer {
  let buffer = Buffer.allocUnsafe(expected + 1)
  let length = 0
  for (;;) {
    if (length === buffer.length) buffer = Buffer.concat([buffer, Buffer.allocUnsafe(buffer.length)])
    const read = readSync(fd, buffer, length, buffer.length - length, null)
    if (read === 0) return buffer.subarray(0, length)
    length += read
  }
}

// realpath(3), as the asynchronous way's `realpath` (Node's own `realpathSync` walks the path in
// JavaScript, some 1.2 KB of garbage a call).
function realpathSyncOf(path: string): string | undefined {
  try {
    return realpathSync.native(path)
  } catch {
    return undefined
  }
}

function stillTargetSync(fd: number, root: string, path: string, target: string): boolean {
  let opened: string | undefined
  try {
    opened = readlinkSync(`/proc/self/fd/${fd}`)
  } catch {
    opened = undefined
  }
  if (opened !== undefined) return opened === target
  if (realpathSyncOf(`${root}/${path}`) !== target) return false
  try {
    const info = fstatSync(fd, { bigint: true })
    const now = statSync(target, { bigint: true })
    return now.dev === info.dev && now.ino === info.ino
  } catch {
    return false
  }
}

async function realpathOf(path: string): Promise<string | undefined> {
  try {
    return await realpath(path)
  } catch {
    // A path that does not resolve names no file of the folder.
    return undefined
  }
}

// ("/s/pdf", "/s/pdf/a.md") => true; ("/s/pdf", "/s/pdf-2/a.md") => false
function isWithin(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith('/') ? root : `${root}/`)
}

// ("refs/a.md", nested) => false unless "refs" is a served skill folder of its own (E1.5, E13.4)
export function underNestedSkill(path: string, nested: NestedSkill): boolean {
  const parts = path.split('/').filter((part) => part !== '')
  for (let depth = 1; depth < parts.length; depth++) {
    if (nested(parts.slice(0, depth).join('/'))) return true
  }
  return false
}

/**
 * The handle is the checked file: where the kernel has it (Linux `/proc/self/fd`) is the checked
 * path; elsewhere the path still resolves to it and names the same inode.
 */
async function stillTarget(handle: FileHandle, info: BigIntStats, root: string, path: string, target: string): Promise<boolean> {
  const opened = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined)
  if (opened !== undefined) return opened === target
  if ((await realpathOf(`${root}/${path}`)) !== target) return false
  const now = await stat(target, { bigint: true }).catch(() => undefined)
  return now !== undefined && now.dev === info.dev && now.ino === info.ino
}

function textOf(read: Awaited<ReturnType<typeof readOpened>>, path: string, maxBytes: number): string {
  if (read.ok) return read.text
  if (read.tooLarge) throw new InvalidParamsError(msg.skillFileTooLarge(path, read.size, maxBytes))
  if (read.error === msg.IO_INVALID_UTF8) throw new InvalidParamsError(msg.skillFileNotUtf8(path))
  if (read.error === msg.IO_NOT_REGULAR_FILE || read.error === ioErrorTextFor('EISDIR')) throw new InvalidParamsError(msg.notAFile(path))
  throw new SkillsError(msg.readFailed(path, read.error))
}
