/**
 * An FsView that remembers what it read (stats, folder listings, what a file loaded to) and forgets
 * it when the file system says it changed. Every folder it answers about is watched BEFORE it is
 * read, so nothing that changes after a read goes unseen:
 * - `list(dir)` watches `dir` and its parent; a stat or a lookup of `p` watches `p`'s parent (events name
 *   the changed entry, so an edit, a delete or a rename of `p` drops what is known of `p`, and a
 *   rename drops the whole subtree below it and its watches, which are set again when next read);
 * - a path that is a symlink, or whose folder cannot be watched (e.g. a folder with `--x`
 *   permissions), is also watched itself where possible and re-checked on every call against a
 *   signature taken before it was read (`validate`), since its target may change where no watch sees.
 * A folder's listing (readdir's types) also answers `type` and `exists` for its entries, so the
 * thousands of files and folders a walk meets cost no `stat` each and leave nothing per entry behind.
 * Forgetting happens synchronously inside the watch callback and bumps `epoch`, so a caller that
 * yielded once to the event loop's check phase can tell from `epoch` whether what it built is current.
 * A failure that is not about one path (inotify limits, an unsupported file system) ends watching
 * for good: `failed` says why, everything is dropped, and the caller reads the disk from then on.
 * A burst of events that may have overflowed the kernel's queue drops everything too (event-bursts.ts).
 */
import type { FsLimits } from '../core/index.js'
import type { BigIntStats } from 'node:fs'
import { lstat, stat } from 'node:fs/promises'
import { nameListedAs, lookUp } from './entry-lookup.js'
import { countEvent, onEventsLost, systemQueueLimit } from './event-bursts.js'
import { SliceClock } from '../core/index.js'
import { type FsView, listDirTyped, listDirTypedSync, type ListResult, pathInfo, type PathType, type StatResult, type TypedList } from './fs-view.js'
import { ioErrorText } from './io-error.js'
import { PathMemos } from './path-memos.js'
import { SettledMap } from './settled-map.js'
import { pathProblem, type PathWatch, type WatchFactory, watchFailureText } from './watch-factory.js'

interface WatchedViewOptions {
  watch: WatchFactory
  /** Called once, synchronously, when watching becomes unavailable; the reason names the cause. */
  onUnavailable(reason: string): void
  /** Called synchronously whenever a watch event or a re-check made something known out of date. */
  onChange(): void
  /** Called when a burst of events may have overflowed the kernel's queue (all was dropped). */
  onEventsLost?(): void
  /** The kernel's event queue limit (tests lower it). */
  queueLimit?: number
  /** The caps reads through this view apply. */
  limits: FsLimits
}

interface WatchEntry {
  /** Whether the path is watched; false when a path problem (gone, unreadable) prevented it. */
  ready: Promise<boolean> | boolean
  handle?: PathWatch
  dropped: boolean
}

function parentOf(path: string): string {
  const cut = path.lastIndexOf('/')
  if (cut > 0) return path.slice(0, cut)
  return cut === 0 ? '/' : '.'
}

const QUEUE_LIMIT = systemQueueLimit()
const NOTHING_TO_CHECK = Promise.resolve()
// What `watch` answers for a path it already settled: asked on every look-up, so no promise each time.
const WATCHED = Promise.resolve(true)
const UNWATCHED = Promise.resolve(false)
const childOf = (dir: string, name: string) => (dir.endsWith('/') ? dir + name : `${dir}/${name}`)
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1)

export class WatchedView implements FsView {
  /** Bumped every time something known is dropped. */
  epoch = 0
  /** Why watching stopped, once it has. */
  failed: string | undefined
  private closed = false
  private readonly stats = new SettledMap<StatResult>()
  private readonly existence = new SettledMap<boolean>()
  private readonly listings = new SettledMap<TypedList | { error: string }>()
  private readonly memos = new Map<string, PathMemos>()
  private readonly watches = new Map<string, WatchEntry>()
  /** Paths re-checked on every call, with the signature taken before they were read. */
  private readonly volatile = new Map<string, Promise<string>>()
  /** Every folder that has something known below it (so only those need a subtree scan on drop). */
  private readonly hasBelow = new Set<string>()

  private readonly slices = new SliceClock()
  private readonly queueLimit: number
  private readonly unsubscribe: () => void
  readonly limits: FsLimits

  constructor(private readonly options: WatchedViewOptions) {
    this.queueLimit = options.queueLimit ?? QUEUE_LIMIT
    this.limits = options.limits
    this.unsubscribe = onEventsLost(() => {
      if (this.closed || this.failed !== undefined) return
      this.dropEverything()
      this.options.onChange()
      this.options.onEventsLost?.()
    })
  }

  stat(path: string): Promise<StatResult> {
    return this.known(this.stats, path, async () => {
      const parent = parentOf(path)
      const tracked = await this.watch(parent)
      // An entry its (current) listing says is no symlink needs no lstat.
      if (tracked && (await this.listedPlain(parent, baseName(path)))) return (await statWithSignature(path)).result
      const link = await lstatSignature(path)
      if (!tracked || link.startsWith('L')) return this.readVolatile(path, link, statWithSignature)
      return (await statWithSignature(path)).result
    })
  }

  /** `stat`'s type of `path`, from its folder's listing where that lists it as no symlink. */
  async type(path: string): Promise<PathType | { error: string }> {
    const listed = await this.listingOf(path)
    const type = listed?.plainType(baseName(path))
    if (type !== undefined && (listed!.searchable || (await this.searchable(listed!, path)))) return type
    return this.stat(path)
  }

  async exists(path: string): Promise<boolean> {
    const listed = await this.listingOf(path)
    if (listed !== undefined) {
      // Not listed: lstat fails too (ENOENT, or EACCES in a folder that cannot be searched).
      if (!listed.has(baseName(path))) return false
      if (listed.searchable || (await this.searchable(listed, path))) return true
    }
    return this.lstatExists(path)
  }

  private lstatExists(path: string): Promise<boolean> {
    return this.known(this.existence, path, async () => {
      const tracked = await this.watch(parentOf(path))
      const link = await lstatSignature(path)
      if (!tracked) this.volatile.set(path, withStat(path, link))
      return !link.startsWith('E')
    })
  }

  async list(dir: string): Promise<ListResult> {
    const listed = await this.listTyped(dir)
    return 'error' in listed ? listed : listed.names
  }

  listTyped(dir: string): Promise<TypedList | { error: string }> {
    return this.known(this.listings, dir, async () => {
      // The parent's watch sees the folder itself go or come back (the walk has usually set it).
      await this.watch(parentOf(dir))
      if (await this.watch(dir)) {
        // E19.2: listed on this thread, a slice at a time, so a walk of 20,000 folders lets every
        // other call (initialize among them) run between its slices. The walk's lanes all wait here
        // and go on one at a time while the slice lasts: `while`, not `if`.
        while (this.slices.due) await this.slices.pause()
        return listDirTypedSync(dir)
      }
      // Readable but not watchable (rare): re-checked on every call like a symlink.
      const signature = currentSignature(dir)
      await signature
      const typed = await listDirTyped(dir)
      if (!('error' in typed)) this.volatile.set(dir, signature)
      return typed
    })
  }

  async remember<T>(path: string, key: string, compute: () => Promise<T>): Promise<T> {
    // This puts the path under watch (or re-check) before anything reads it.
    await this.type(path)
    let memos = this.memos.get(path)
    if (memos === undefined) {
      memos = new PathMemos()
      this.memos.set(path, memos)
      this.noteBelow(path)
    }
    return memos.getOrCompute(key, compute)
  }

  /** Re-checks every volatile path against its signature; drops the ones that changed. */
  validate(): Promise<void> {
    // Most indexes have none, and every call validates: nothing to allocate then.
    return this.volatile.size === 0 ? NOTHING_TO_CHECK : this.recheck()
  }

  private async recheck(): Promise<void> {
    const checks = [...this.volatile].map(async ([path, before]) => {
      const now = await currentSignature(path)
      if (this.volatile.get(path) === before && (await before) !== now) this.forget(path)
    })
    await Promise.all(checks)
  }

  close(): void {
    this.closed = true
    this.unsubscribe()
    this.dropEverything()
  }

  // --- what is known -------------------------------------------------------------------------------

  private known<T>(map: SettledMap<T>, path: string, read: () => Promise<T>): Promise<T> {
    return map.getOrRead(path, read, () => this.noteBelow(path))
  }

  private async listedPlain(dir: string, name: string): Promise<boolean> {
    const listed = await this.listings.get(dir)
    return listed !== undefined && !('error' in listed) && listed.isPlain(name)
  }

  /**
   * The listing of `path`'s folder when it may answer for `path`: the folder is inside what a walk
   * lists (it or its own folder is listed already: a glob's root is stat'ed, so the folder it sits
   * in is never listed, and files created beside it never drop anything), it is watched (so the
   * listing is current), and `path` is one the listing can name (entry-lookup.ts: one entry, short
   * enough, valid UTF-16). Undefined otherwise: the path is asked of the disk.
   */
  private async listingOf(path: string): Promise<TypedList | undefined> {
    const name = baseName(path)
    if (!nameListedAs(path, name)) return undefined
    const dir = parentOf(path)
    if (!this.listings.has(dir) && !this.listings.has(parentOf(dir))) return undefined
    // What a walk asks most: a folder watched and listed already, answered without a turn of awaits.
    const known = this.watches.get(dir)?.ready === true ? this.listings.peek(dir) : undefined
    if (known !== undefined) return 'error' in known ? undefined : known
    if (!(await this.watch(dir))) return undefined
    const listed = await this.listTyped(dir)
    return 'error' in listed ? undefined : listed
  }

  /**
   * Whether the entries of a listing can be looked up: a folder may be readable but not searchable
   * (mode r--), where every listed entry fails `stat`. One look-up that succeeds settles it for the
   * listing (a chmod of the folder drops the listing); one that fails is not remembered.
   */
  private async searchable(listed: TypedList, path: string): Promise<boolean> {
    // Kept on the listing, not beside it (a WeakMap entry and a promise each for 10,000 listings).
    if (!listed.searchable && (await lookUp(path))) listed.searchable = true
    return listed.searchable
  }

  /** A symlink or a path in an unwatchable folder: watch the path itself, keep its signature. */
  private async readVolatile(
    path: string,
    link: string,
    read: (path: string) => Promise<{ result: StatResult; signature: string }>,
  ): Promise<StatResult> {
    await this.watch(path)
    const { result, signature } = await read(path)
    this.volatile.set(path, Promise.resolve(`${link}|${signature}`))
    return result
  }

  private noteBelow(path: string): void {
    for (let dir = parentOf(path); !this.hasBelow.has(dir); dir = parentOf(dir)) {
      this.hasBelow.add(dir)
      if (dir === '/' || dir === '.') break
    }
  }

  // --- watching ------------------------------------------------------------------------------------

  /** Watches `path` unless it already is; false when the path cannot be watched (gone, unreadable). */
  private watch(path: string): Promise<boolean> {
    const existing = this.watches.get(path)
    if (existing !== undefined) return existing.ready === true ? WATCHED : existing.ready === false ? UNWATCHED : existing.ready
    const entry: WatchEntry = { ready: false, dropped: false }
    this.watches.set(path, entry)
    this.noteBelow(path)
    const ready = this.open(path, entry)
    entry.ready = ready
    void ready.then((watched) => (entry.ready = watched))
    return ready
  }

  private async open(path: string, entry: WatchEntry): Promise<boolean> {
    if (this.closed || this.failed !== undefined) return false
    try {
      const handle = await this.options.watch(path, (event, name) => this.onEvent(path, event, name), this.watchedFolderListing(path))
      if (entry.dropped) handle.close()
      else entry.handle = handle
      return true
    } catch (error) {
      if (pathProblem(error) === undefined) this.fail(watchFailureText(error))
      return false
    }
  }

  /**
   * `path`'s folder when that folder is watched and its (current) listing names `path` as a plain
   * directory: the factory need not ask which file system `path` is on (watch-factory.ts).
   */
  private watchedFolderListing(path: string): string | undefined {
    const dir = parentOf(path)
    if (this.watches.get(dir)?.ready !== true) return undefined
    const listed = this.listings.peek(dir)
    return listed !== undefined && !('error' in listed) && listed.plainType(baseName(path))?.isDirectory === true ? dir : undefined
  }

  private onEvent(path: string, event: 'rename' | 'change', name: string | null): void {
    countEvent(this.queueLimit)
    if (this.closed) return
    let dropped = false
    // The watched path's own name is also how inotify reports an event about the path itself.
    if (name === null || name === baseName(path)) dropped = this.forget(path, false) || dropped
    if (name !== null) {
      if (event === 'rename') dropped = this.listings.delete(path) || dropped
      dropped = this.forget(childOf(path, name), false) || dropped
    }
    if (dropped) this.changed()
  }

  private fail(reason: string): void {
    if (this.failed !== undefined || this.closed) return
    this.failed = reason
    this.dropEverything()
    this.options.onUnavailable(reason)
  }

  // --- forgetting ----------------------------------------------------------------------------------

  private changed(): void {
    this.epoch++
    this.options.onChange()
  }

  /** Drops what is known of `path` and of everything below it; true if anything was. */
  private forget(path: string, announce = true): boolean {
    let dropped = false
    for (const map of [this.stats, this.existence, this.listings, this.memos, this.volatile]) {
      dropped = map.delete(path) || dropped
    }
    dropped = this.unwatch(path) || dropped
    if (this.hasBelow.has(path)) dropped = this.forgetBelow(path) || dropped
    if (dropped && announce) this.changed()
    return dropped
  }

  private forgetBelow(dir: string): boolean {
    const prefix = dir.endsWith('/') ? dir : `${dir}/`
    let dropped = false
    for (const map of [this.stats, this.existence, this.listings, this.memos, this.volatile]) {
      for (const key of map.keys()) {
        if (key.startsWith(prefix)) dropped = map.delete(key) || dropped
      }
    }
    for (const key of [...this.watches.keys()]) {
      if (key.startsWith(prefix)) dropped = this.unwatch(key) || dropped
    }
    for (const key of this.hasBelow) if (key.startsWith(prefix)) this.hasBelow.delete(key)
    this.hasBelow.delete(dir)
    return dropped
  }

  private unwatch(path: string): boolean {
    const entry = this.watches.get(path)
    if (entry === undefined) return false
    this.watches.delete(path)
    entry.dropped = true
    entry.handle?.close()
    return true
  }

  private dropEverything(): void {
    for (const path of [...this.watches.keys()]) this.unwatch(path)
    for (const map of [this.stats, this.existence, this.listings, this.memos, this.volatile]) map.clear()
    this.hasBelow.clear()
    this.epoch++
  }
}

// --- signatures: what a re-check compares ------------------------------------------------------------

const signatureOf = (s: BigIntStats) =>
  `${s.isSymbolicLink() ? 'L' : s.isDirectory() ? 'D' : s.isFile() ? 'F' : 'O'}${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`
const errorSignature = (error: unknown) => `E${(error as NodeJS.ErrnoException).code ?? ioErrorText(error)}`

async function lstatSignature(path: string): Promise<string> {
  try {
    return signatureOf(await lstat(path, { bigint: true }))
  } catch (error) {
    return errorSignature(error)
  }
}

async function statWithSignature(path: string): Promise<{ result: StatResult; signature: string }> {
  try {
    const info = await stat(path, { bigint: true })
    return { result: pathInfo(info), signature: signatureOf(info) }
  } catch (error) {
    return { result: { error: ioErrorText(error) }, signature: errorSignature(error) }
  }
}

async function withStat(path: string, link: string): Promise<string> {
  return `${link}|${(await statWithSignature(path)).signature}`
}

async function currentSignature(path: string): Promise<string> {
  return withStat(path, await lstatSignature(path))
}
