/**
 * Reading a state file at start: a journal (records.ts), a version-1 JSON file (converted to a
 * journal atomically, the original kept beside it as `<file>.v1.bak`), or nothing yet (a new empty
 * journal). A torn last record (a last line with no newline) is cut off and reported; anything else
 * unreadable, a complete record that fails its check included, stops the start with an error
 * naming the file, which is left untouched (E11.5).
 */
import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { copyFile, open, readdir, readFile, rename, rm, truncate } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Logger } from 'pino'
import * as msg from '../messages.js'
import type { StateSnapshot } from '../state-map.js'
import { decodeJournal, encodeRecord, JOURNAL_HEADER, type Mutation } from './records.js'

interface LoadedJournal {
  mutations: Mutation[]
  /** The journal's size once loaded (after a torn tail is cut off or a conversion). */
  bytes: number
}

/** `path` is the resolved state file; `shown` the path as given, which messages name. */
export async function loadJournal(path: string, log: Logger, shown: string = path): Promise<LoadedJournal> {
  await removeStaleTemps(path)
  let bytes: Buffer
  try {
    bytes = await readFile(path)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(msg.stateFileUnreadable(shown, (err as Error).message))
    await replaceFile(path, Buffer.from(JOURNAL_HEADER))
    return { mutations: [], bytes: JOURNAL_HEADER.length }
  }
  if (bytes[0] === 0x7b /* '{' */) return convertVersion1(path, bytes, log, shown)
  const decoded = decodeJournal(bytes)
  if (!decoded.ok) throw new Error(msg.stateFileUnreadable(shown, decoded.reason))
  if (decoded.tornTail === undefined) return { mutations: decoded.mutations, bytes: bytes.length }
  await truncate(path, decoded.tornTail.offset)
  log.warn({ path, offset: decoded.tornTail.offset, bytes: decoded.tornTail.bytes }, msg.LOG_STATE_TORN_TAIL)
  return { mutations: decoded.mutations, bytes: decoded.tornTail.offset }
}

async function convertVersion1(path: string, bytes: Buffer, log: Logger, shown: string): Promise<LoadedJournal> {
  let content: { version?: unknown; scopes?: unknown }
  try {
    content = JSON.parse(bytes.toString('utf8')) as typeof content
  } catch (err) {
    throw new Error(msg.stateFileUnreadable(shown, (err as Error).message))
  }
  if (content.version !== 1 || !isSnapshot(content.scopes)) {
    throw new Error(msg.stateFileUnreadable(shown, 'it is neither a state journal nor a version 1 state file'))
  }
  const mutations: Mutation[] = content.scopes.flatMap(([scope, entries]) =>
    entries.map(([key, value]): Mutation => ({ op: 'set', scope, key, value })))
  const journal = Buffer.concat([Buffer.from(JOURNAL_HEADER), ...mutations.map(encodeRecord)])
  await copyFile(path, `${path}.v1.bak`)
  await replaceFile(path, journal)
  log.info({ path, backup: `${path}.v1.bak`, records: mutations.length }, msg.LOG_STATE_CONVERTED)
  return { mutations, bytes: journal.length }
}

function isSnapshot(value: unknown): value is StateSnapshot {
  return Array.isArray(value) && value.every((scope) =>
    Array.isArray(scope) && scope.length === 2 && typeof scope[0] === 'string' && Array.isArray(scope[1]) &&
    scope[1].every((entry: unknown) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string'))
}

/**
 * Writes `bytes` to a temp file beside `path`, fsyncs it, renames it over `path`, fsyncs the folder.
 * The temp file's name is unguessable and it is created exclusively, never through a symlink,
 * readable by its owner alone (E11.5): a link planted at a temp name is never written through.
 */
export async function replaceFile(path: string, bytes: Buffer): Promise<void> {
  const temp = join(dirname(path), `${basename(path)}.${process.pid}.${randomBytes(8).toString('hex')}.tmp`)
  const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600)
  try {
    await handle.writeFile(bytes)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await rename(temp, path)
  await syncDirectory(dirname(path))
}

async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    // Not every platform can fsync a directory; the rename itself is still atomic.
  }
}

async function removeStaleTemps(path: string): Promise<void> {
  const prefix = `${basename(path)}.`
  let names: string[]
  try {
    names = await readdir(dirname(path))
  } catch {
    // The folder cannot be listed: there are no stale temp files we could remove anyway.
    return
  }
  const stale = names.filter((n) => n.startsWith(prefix) && n.endsWith('.tmp'))
  await Promise.all(stale.map((n) => rm(join(dirname(path), n), { force: true })))
}
