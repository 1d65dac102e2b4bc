/**
 * The fs-backed skills and prompts of one configuration (§6), kept as an index that is current on
 * every call (E3): the glob expansion runs over a WatchedView, which remembers every stat, folder
 * listing and loaded file until a watch event says it changed, so a call re-reads only what changed.
 *
 * Why a call can trust it: the watch callbacks drop what changed synchronously, straight from
 * libuv's inotify poll. A file change completed before a call has its event queued before the
 * call's bytes reach the socket, so after one turn to the event loop's check phase every such event
 * has been handled, and `epoch` tells whether the last expansion is still current.
 *
 * When watching is unavailable (inotify limits, a file system without events, another platform),
 * this is logged once and every call reads the disk, as upstream does. Skips are silent here (boot
 * diagnostics in boot-diagnostics.ts report them once).
 */
import { type SkillsConfig, messages as msg, type FsLimits } from '../core/index.js'
import type { Logger } from 'pino'
import { changesBetween, type FsChange } from './fs-changes.js'
import { FsSnapshot } from './fs-snapshot.js'
import { directView, type FsView } from './fs-view.js'
import { FsReads } from './reads.js'
import { scanFs } from './boot-diagnostics.js'
import type { FsPrompt, FsSkill } from './types.js'
import { nodeWatchFactory, type WatchFactory } from './watch-factory.js'
import { WatchedView } from './watched-view.js'

export type { FsChange }

interface FsSourcesOptions {
  /** False: no index and no watching; every call reads the disk (`cache.enabled: false`). */
  index?: boolean
  /** How paths are watched (tests inject failing or recording factories). */
  watch?: WatchFactory
  /** Quiet time after the last file event before changes are announced, in ms (at most 5× that in all). */
  announceDelayMs?: number
  /** The kernel's event queue limit (tests lower it); default /proc/sys/fs/inotify/max_queued_events. */
  queueLimit?: number
  /** The caps every read of these sources applies (E22.4: always given; the config's, core/config-types.ts fsLimits). */
  limits: FsLimits
}

/** Batches are handed over one at a time: the next waits until a returned promise settles. */
type FsChangeListener = (changes: FsChange[]) => void | Promise<void>

const DEFAULT_ANNOUNCE_DELAY_MS = 30
/** How many file-watch problems are kept for MCP clients (E6.7), latest last. */
const MAX_WATCH_PROBLEMS = 20
const MAX_LISTING_PROBLEMS = 1000
/** One shared empty snapshot, so what handlers memoise on it is kept when there are no fs globs. */
const NO_ENTRIES = new FsSnapshot([], [], directView)
const checkPhase = () => new Promise<void>((resolve) => setImmediate(resolve))

interface Build {
  /** The view's epoch when the expansion started: it is current for calls made at or before it. */
  epoch: number
  snapshot: Promise<FsSnapshot>
  /** Settles once this expansion's changes are queued for the listeners (after its digests are read). */
  announced: Promise<void>
}

export class FsSources {
  private indexing: boolean
  private view: WatchedView | undefined
  private latest: Build | undefined
  private announced: { epoch: number; snapshot: FsSnapshot } | undefined
  private announcing: Promise<void> = Promise.resolve()
  private readonly listeners: FsChangeListener[] = []
  private timer: NodeJS.Timeout | undefined
  private pendingSince: number | undefined

  constructor(
    private readonly config: Pick<SkillsConfig, 'skills' | 'prompts' | 'skill_roots'>,
    readonly baseDir: string,
    private readonly log: Logger,
    private readonly options: FsSourcesOptions,
  ) {
    this.indexing = options.index !== false
    this.limits = options.limits
    this.direct = { ...directView, limits: this.limits }
    this.reads = new FsReads(this.limits)
  }

  /** The caps of every read of these sources: the walk's, the index's and the handlers' (`reads`). */
  readonly limits: FsLimits
  /** Reads of skill and prompt files and of skill folders' files at call time, under `limits`. */
  readonly reads: FsReads
  /** The disk with these sources' limits, for a process that keeps no index. */
  private readonly direct: FsView

  /** Builds the index now (in the background), so file changes are announced without any call. */
  start(): void {
    if (this.hasGlobs()) void this.snapshot().catch((error: unknown) => this.log.warn({ error: String(error) }, msg.LOG.fsChangesFailed))
  }

  /** Called with every batch of fs changes the watcher sees (never while watching is unavailable). */
  onChange(listener: FsChangeListener): void {
    this.listeners.push(listener)
  }

  /** Resolves once every file change completed before the call has been announced to the listeners. */
  async settled(): Promise<void> {
    await this.snapshot()
    await this.latest?.announced
    await this.announcing
  }

  /** Stops watching; later calls read the disk. */
  close(): void {
    this.indexing = false
    clearTimeout(this.timer)
    this.view?.close()
    this.view = undefined
    this.latest = undefined
  }

  /** The fs entries as they are now: every file change completed before this call is in it. */
  async snapshot(): Promise<FsSnapshot> {
    if (!this.hasGlobs()) return NO_ENTRIES
    await checkPhase()
    const view = this.watchedView()
    if (view === undefined) return this.expand(this.direct)
    await view.validate()
    const wanted = view.epoch
    const build = this.latest !== undefined && this.latest.epoch >= wanted ? this.latest : this.rebuild(view)
    const snapshot = await build.snapshot
    // Watching broke while this was built: nothing it remembered can be trusted.
    return view.failed === undefined ? snapshot : this.expand(this.direct)
  }

  async skills(): Promise<FsSkill[]> {
    return (await this.snapshot()).skills
  }

  async prompts(): Promise<FsPrompt[]> {
    return (await this.snapshot()).prompts
  }

  async findSkill(id: string): Promise<FsSkill | undefined> {
    return (await this.snapshot()).findSkill(id)
  }

  async findPrompt(name: string): Promise<FsPrompt | undefined> {
    return (await this.snapshot()).findPrompt(name)
  }

  /** What went wrong with watching the files, latest last (E6.7 sends them to MCP clients). */
  readonly watchProblems: string[] = []

  /** Skill folders whose files could not be listed at their latest listing, by folder (E11.6). */
  readonly listingProblems = new Map<string, { id: string; path: string; message: string }>()

  /** Records (or, with `message` undefined, clears) the latest listing of a skill folder's files. */
  noteListing(id: string, path: string, message: string | undefined): void {
    if (message === undefined) this.listingProblems.delete(path)
    else if (this.listingProblems.size < MAX_LISTING_PROBLEMS || this.listingProblems.has(path)) this.listingProblems.set(path, { id, path, message })
  }

  /**
   * The watch problems without the system's reasons, which can name any path (`ENOSPC: … watch
   * '/skills/secret'`): what a view is told (E20.3), the kind of each problem and nothing else.
   */
  get watchProblemKinds(): string[] {
    return this.watchProblems.map((problem) => (problem.startsWith(`${msg.LOG.fsWatchUnavailable}: `) ? msg.LOG.fsWatchUnavailable : problem))
  }

  private noteWatchProblem(problem: string): void {
    this.watchProblems.push(problem)
    if (this.watchProblems.length > MAX_WATCH_PROBLEMS) this.watchProblems.shift()
  }

  private hasGlobs(): boolean {
    return this.config.skills.length > 0 || this.config.prompts.length > 0 || (this.config.skill_roots ?? []).length > 0
  }

  private watchedView(): WatchedView | undefined {
    if (!this.indexing) return undefined
    this.view ??= new WatchedView({
      watch: this.options.watch ?? nodeWatchFactory(),
      onUnavailable: (reason) => {
        this.noteWatchProblem(`${msg.LOG.fsWatchUnavailable}: ${reason}`)
        this.log.warn({ reason }, msg.LOG.fsWatchUnavailable)
        this.indexing = false
        this.latest = undefined
      },
      onChange: () => this.scheduleAnnounce(),
      onEventsLost: () => {
        this.noteWatchProblem(msg.LOG.fsEventsLost)
        this.log.warn(msg.LOG.fsEventsLost)
      },
      queueLimit: this.options.queueLimit,
      limits: this.limits,
    })
    return this.view.failed === undefined ? this.view : undefined
  }

  private async expand(view: FsView): Promise<FsSnapshot> {
    const { skills, prompts } = await scanFs(this.config, this.baseDir, this.log, view)
    return new FsSnapshot(skills.skills, prompts.prompts, view, { skills: skills.skipped, prompts: prompts.skipped })
  }

  private rebuild(view: WatchedView): Build {
    const epoch = view.epoch
    const snapshot = this.expand(view)
    // With listeners, what each file holds is read now, while it is what this expansion saw; calls
    // are answered from the expansion without waiting for it (E16.2: the first listing at 10,000).
    const announced = snapshot.then(async (built) => {
      if (this.listeners.length === 0) return
      await Promise.all([built.skillDigests(), built.promptDigests()])
      this.announce(built, epoch, view)
    }, () => undefined).catch((error: unknown) => this.log.warn({ error: String(error) }, msg.LOG.fsChangesFailed))
    const build = { epoch, snapshot, announced }
    this.latest = build
    snapshot.catch(() => {
      if (this.latest === build) this.latest = undefined
    })
    return build
  }

  // --- change events -------------------------------------------------------------------------------

  /** Queues the changes from the last announced snapshot to this one (in epoch order, once each). */
  private announce(snapshot: FsSnapshot, epoch: number, view: WatchedView): void {
    const before = this.announced
    if (before !== undefined && before.epoch >= epoch) return
    this.announced = { epoch, snapshot }
    if (before === undefined) return
    this.announcing = this.announcing.then(async () => {
      if (view.failed !== undefined) return
      const changes = await changesBetween(before.snapshot, snapshot)
      if (changes.length === 0) return
      for (const listener of this.listeners) {
        try {
          await listener(changes)
        } catch (error) {
          this.log.warn({ error: String(error) }, msg.LOG.fsChangesFailed)
        }
      }
    }).catch((error: unknown) => this.log.warn({ error: String(error) }, msg.LOG.fsChangesFailed))
  }

  /** After file events, rebuild once things are quiet, so listeners hear of changes nobody asked about. */
  private scheduleAnnounce(): void {
    if (this.listeners.length === 0 || !this.indexing) return
    const delay = this.options.announceDelayMs ?? DEFAULT_ANNOUNCE_DELAY_MS
    const now = Date.now()
    this.pendingSince ??= now
    clearTimeout(this.timer)
    const wait = Math.max(0, Math.min(delay, this.pendingSince + 5 * delay - now))
    this.timer = setTimeout(() => {
      this.pendingSince = undefined
      this.start()
    }, wait)
    this.timer.unref()
  }
}
