/**
 * `--state-file`: every state mutation is appended to a journal and acknowledged only once the
 * journal is fsync'd. Group commit: mutations that arrive while a write is on its way share the
 * next write and its one fsync, so durability costs latency, not throughput. When the journal grows
 * past twice its live data it is compacted: the whole state is written to a temp file, fsync'd and
 * renamed over the journal (a crash leaves the old journal or the new one, never a mix).
 */
import type { FileHandle } from 'node:fs/promises'
import { lstat, mkdir, open, readlink, realpath } from 'node:fs/promises'
import { basename, dirname, resolve } from 'node:path'
import type { Logger } from 'pino'
import * as msg from '../messages.js'
import type { StateMap } from '../state-map.js'
import { loadJournal, replaceFile } from './load.js'
import { acquireOwnerLock, type OwnerLock } from './owner-lock.js'
import { encodeRecord, encodeStoredSet, JOURNAL_HEADER, type Mutation } from './records.js'

/*
 * E11.5: the state file's one real path. A path that is a symlink (or passes through one) is
 * resolved once at start and its target is what gets read, locked and written, so two processes
 * that reach the same file by different paths share one lock and the second is refused.
 */
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

/** Compaction never runs below this size: rewriting a small file on every other write gains nothing. */
const MIN_COMPACTION_BYTES = 1024 * 1024

interface Pending {
  line: Buffer
  resolve(): void
  reject(error: Error): void
}

interface StateJournalOptions {
  /** The journal size below which it is never compacted (tests lower it). */
  minCompactionBytes?: number
}

export class StateJournal {
  private pending: Pending[] = []
  private draining: Promise<void> | undefined
  private failure: Error | undefined
  private closed = false
  /** Bytes of the latest set record of each live key: the journal's live data. */
  private readonly liveLines = new Map<string, number>()
  private liveBytes = 0
  private commits = 0

  private constructor(
    readonly path: string,
    /** `path` resolved once at start (E11.5): what is read, locked and written. */
    private readonly realPath: string,
    private handle: FileHandle,
    private fileBytes: number,
    private readonly map: StateMap,
    private readonly lock: OwnerLock,
    private readonly log: Logger,
    private readonly minCompactionBytes: number,
  ) {}

  /** Takes the file's ownership, loads it into `map` and opens it for appending. */
  static async open(path: string, map: StateMap, log: Logger, options: StateJournalOptions = {}): Promise<StateJournal> {
    await mkdir(dirname(path), { recursive: true })
    const realPath = await resolveStatePath(path)
    const lock = await acquireOwnerLock(realPath, path)
    try {
      const loaded = await loadJournal(realPath, log, path)
      for (const m of loaded.mutations) {
        if (m.op === 'set') map.set(m.scope, m.key, m.value)
        else map.delete(m.scope, m.key)
      }
      map.dropEmptyScopes() // as in the engine's file store
      const handle = await open(realPath, 'a')
      const journal = new StateJournal(path, realPath, handle, loaded.bytes, map, lock, log, options.minCompactionBytes ?? MIN_COMPACTION_BYTES)
      for (const m of loaded.mutations) journal.track(m, m.op === 'set' ? encodeRecord(m).length : 0)
      log.info({ path, records: loaded.mutations.length, bytes: loaded.bytes }, msg.LOG_STATE_LOADED)
      return journal
    } catch (error) {
      await lock.release()
      throw error
    }
  }

  /** Resolves once `m` (already applied to the map) is durable; rejects when it cannot be. */
  write(m: Mutation): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure)
    if (this.closed) return Promise.reject(new Error(msg.stateFileClosed(this.path)))
    const line = encodeRecord(m)
    this.track(m, line.length)
    return new Promise((resolve, reject) => {
      this.pending.push({ line, resolve, reject })
      this.draining ??= this.drain()
    })
  }

  /** Resolves once every write so far is durable (or has failed). */
  async flush(): Promise<void> {
    while (this.draining !== undefined) await this.draining
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await this.flush()
    await this.handle.close()
    await this.lock.release()
  }

  /** The journal's size on disk, its live data's, and how many fsync'd commits it has made. */
  stats(): { fileBytes: number; liveBytes: number; commits: number } {
    return { fileBytes: this.fileBytes, liveBytes: this.liveBytes + JOURNAL_HEADER.length, commits: this.commits }
  }

  private track(m: Mutation, lineBytes: number): void {
    const id = `${m.scope}\u0000${m.key}`
    this.liveBytes -= this.liveLines.get(id) ?? 0
    if (m.op === 'set') {
      this.liveLines.set(id, lineBytes)
      this.liveBytes += lineBytes
    } else this.liveLines.delete(id)
  }

  private async drain(): Promise<void> {
    // Let the writes that arrive in this same turn of the event loop join the first batch.
    await new Promise((resolve) => setImmediate(resolve))
    while (this.pending.length > 0) {
      await this.commit(this.take(), (batch) => this.append(batch))
      if (this.fileBytes > this.minCompactionBytes && this.fileBytes > 2 * this.stats().liveBytes) {
        // Every mutation queued so far is already in the map, so the snapshot taken now makes them durable too.
        await this.commit(this.take(), this.compact())
      }
    }
    this.draining = undefined
  }

  private take(): Pending[] {
    const batch = this.pending
    this.pending = []
    return batch
  }

  private async commit(batch: Pending[], write: (batch: Pending[]) => Promise<void>): Promise<void> {
    try {
      if (this.failure !== undefined) throw this.failure
      await write(batch)
      this.commits++
      for (const p of batch) p.resolve()
    } catch (error) {
      // A write that may be half on disk: refuse every later one rather than append after it.
      this.failure ??= new Error(msg.stateFileWriteFailed(this.path, (error as Error).message))
      this.log.error({ path: this.path, err: (error as Error).message }, msg.LOG_STATE_SAVE_FAILED)
      for (const p of batch) p.reject(this.failure)
    }
  }

  private async append(batch: Pending[]): Promise<void> {
    const bytes = Buffer.concat(batch.map((p) => p.line))
    await this.handle.write(bytes)
    await this.handle.datasync()
    this.fileBytes += bytes.length
  }

  /** The snapshot is taken synchronously, so it holds exactly the mutations made before the call. */
  private compact(): () => Promise<void> {
    const lines: Buffer[] = [Buffer.from(JOURNAL_HEADER)]
    for (const [scope, entries] of this.map.storedEntries()) {
      for (const [key, text] of entries) lines.push(encodeStoredSet(scope, key, text))
    }
    const bytes = Buffer.concat(lines)
    return async () => {
      const before = this.fileBytes
      await this.handle.close()
      await replaceFile(this.realPath, bytes)
      this.handle = await open(this.realPath, 'a')
      this.fileBytes = bytes.length
      this.log.info({ path: this.path, before, after: bytes.length }, msg.LOG_STATE_COMPACTED)
    }
  }
}
