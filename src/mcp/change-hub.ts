/**
 * Turns "something may have changed" signals (skills::on-change, prompts::on-change, the state
 * trigger, engine::functions-available) into MCP change notifications for the full profile's
 * sessions, and only for changes that happened: each check reads the current view through the
 * method table (resources/list, prompts/list, tools/list, resources/read of each subscribed URI)
 * and notifies when it differs from the last one seen. Checks of one kind run at most once per
 * window, trailing edge included, so a burst of writes costs a few reads and its final state is
 * always announced. Sessions throttle what they send again (McpSession).
 *
 * Nothing is read while no session is attached. The first session to attach starts the baselines
 * and waits for them at most BASELINE_WAIT_MS, less what its `initialize` already waited for the
 * instructions' count (E19.3: `initialize` does not wait for the first scan of a large tree, which
 * the baselines' listings and the count wait for; the two waits share one budget). A change
 * signalled before the baselines are in is never mistaken for the baseline: the check it starts
 * notifies whatever it compares with.
 * (A client may then list again for nothing; it never misses a change.)
 * Section URIs (`iii://fn/…`) are not watched: reading one runs a function. `skill://` files (the
 * Skills Extension, E6.6) are re-read on every skill change that names their skill and, since a
 * skill folder's other files send no change signal, at least once a second while one is subscribed.
 */
import { createHash } from 'node:crypto'
import type { Logger } from 'pino'
import { III_URI_PREFIX, INDEX_URI, SECTION_URI_PREFIX, SKILL_URI_PREFIX, afterIiiPrefix, contentStamp } from '../core/index.js'
import { INVALID_PARAMS, RpcError } from './jsonrpc.js'
import * as msg from './messages.js'
import { Throttle } from './throttle.js'

export const CHANGE_WINDOW_MS = 100
/** A view that has not answered by then counts as failed (the engine has no timeout of its own). */
const VIEW_TIMEOUT_MS = 10_000
/** How long a session's attach waits for the baselines (E19.3: enough for a catalogue already scanned). */
export const BASELINE_WAIT_MS = 20
const READ_CONCURRENCY = 8
/** How often subscribed `skill://` files are re-read while nothing signals a change. */
const SKILL_FILE_POLL_MS = 1000

export type ChangeNotification =
  | { method: 'notifications/resources/list_changed' }
  | { method: 'notifications/prompts/list_changed' }
  | { method: 'notifications/tools/list_changed' }
  | { method: 'notifications/resources/updated'; params: { uri: string } }

/** A session as the hub sees it. */
export interface HubSession {
  readonly subscriptions: ReadonlySet<string>
  notify(notification: ChangeNotification): void
}

/** Answers a method of the full profile's table (what a client would get). */
type View = (method: string, params: unknown) => Promise<unknown>

type ListMethod = 'resources/list' | 'prompts/list' | 'tools/list'

const LIST_NOTIFICATIONS: Readonly<Record<ListMethod, ChangeNotification>> = {
  'resources/list': { method: 'notifications/resources/list_changed' },
  'prompts/list': { method: 'notifications/prompts/list_changed' },
  'tools/list': { method: 'notifications/tools/list_changed' },
}
const LIST_METHODS = Object.keys(LIST_NOTIFICATIONS) as ListMethod[]

/** iii://skills, iii://{id} and skill://… files are watched; iii://fn/… and foreign URIs are not. */
export function isWatchedUri(uri: string): boolean {
  if (uri.startsWith(SKILL_URI_PREFIX)) return uri.length > SKILL_URI_PREFIX.length
  return uri.startsWith(III_URI_PREFIX) && !uri.startsWith(SECTION_URI_PREFIX) && uri.length > III_URI_PREFIX.length
}

// ("skill://acme/billing/SKILL.md", {"acme/billing"}) => true
function namesSkillFile(uri: string, ids: ReadonlySet<string>): boolean {
  for (const id of ids) if (uri.startsWith(`${SKILL_URI_PREFIX}${id}/`)) return true
  return false
}

export class ChangeHub {
  private readonly sessions = new Set<HubSession>()
  /** A fingerprint of the last view seen, per list method and per watched URI (`read:` + uri). */
  private readonly baselines = new Map<string, string>()
  /** Bumped when the last session leaves: checks started before then must not set baselines. */
  private generation = 0
  private baselineReady: Promise<void> | undefined
  /** Whether the baselines of the current generation are all in. */
  private baselined = false
  /** List checks requested by a signal that came before the baselines: they notify whatever they find. */
  private readonly unbaselined = new Set<ListMethod>()
  private readonly listChecks: Record<ListMethod, Throttle>
  private readonly readCheck: Throttle
  /** Skill ids named by signals since the last read check; `all` when one named none. */
  private pendingIds: Set<string> | 'all' = new Set()
  private pollTimer: NodeJS.Timeout | undefined
  private pollDue = false

  constructor(
    private readonly view: View,
    private readonly log: Logger,
    windowMs: number = CHANGE_WINDOW_MS,
  ) {
    const check = (method: ListMethod) => new Throttle(() => this.checkList(method), windowMs)
    this.listChecks = { 'resources/list': check('resources/list'), 'prompts/list': check('prompts/list'), 'tools/list': check('tools/list') }
    this.readCheck = new Throttle(() => this.checkReads(), windowMs)
  }

  get sessionCount(): number {
    return this.sessions.size
  }

  /**
   * Resolves once the baselines exist, so every later change is compared against them, or after
   * `waitMs` (at most BASELINE_WAIT_MS; a caller that already waited part of it passes what is left).
   */
  async attach(session: HubSession, waitMs: number = BASELINE_WAIT_MS): Promise<void> {
    this.sessions.add(session)
    this.baselineReady ??= this.takeBaselines()
    await within(this.baselineReady, Math.min(waitMs, BASELINE_WAIT_MS))
  }

  detach(session: HubSession): void {
    if (!this.sessions.delete(session)) return
    if (this.sessions.size === 0) {
      this.generation++
      this.baselines.clear()
      this.baselineReady = undefined
      this.baselined = false
      this.unbaselined.clear()
      return
    }
    for (const uri of session.subscriptions) this.unsubscribed(uri)
  }

  /** Takes the URI's baseline (once, for all sessions) before the subscription is acknowledged. */
  async subscribed(uri: string): Promise<void> {
    const key = readKey(uri)
    if (uri.startsWith(SKILL_URI_PREFIX)) this.startPolling()
    if (!isWatchedUri(uri) || this.baselines.has(key)) return
    const generation = this.generation
    const text = await this.read(uri)
    if (text !== undefined && generation === this.generation && !this.baselines.has(key)) this.baselines.set(key, text)
  }

  /** Forgets a URI's baseline once no session is subscribed to it any more. */
  unsubscribed(uri: string): void {
    if (!this.isSubscribed(uri)) this.baselines.delete(readKey(uri))
  }

  private startPolling(): void {
    this.pollTimer ??= setInterval(() => {
      if (!this.hasSkillFileSubscriptions()) {
        clearInterval(this.pollTimer)
        this.pollTimer = undefined
        return
      }
      this.pollDue = true
      this.readCheck.request()
    }, SKILL_FILE_POLL_MS)
    this.pollTimer.unref()
  }

  private hasSkillFileSubscriptions(): boolean {
    for (const session of this.sessions) for (const uri of session.subscriptions) if (uri.startsWith(SKILL_URI_PREFIX)) return true
    return false
  }

  /** A skill changed (`ids` when the signal named it): the resource list and subscribed reads. */
  skillsChanged(ids?: Iterable<string>): void {
    if (this.sessions.size === 0) return
    this.noteIds(ids)
    this.requestList('resources/list')
    this.readCheck.request()
  }

  promptsChanged(): void {
    if (this.sessions.size === 0) return
    this.requestList('prompts/list')
  }

  /** Functions came or went: tools, and everything a (re)appearing skills worker serves. */
  functionsChanged(): void {
    if (this.sessions.size === 0) return
    this.noteIds(undefined)
    for (const method of LIST_METHODS) this.requestList(method)
    this.readCheck.request()
  }

  private requestList(method: ListMethod): void {
    if (!this.baselined) this.unbaselined.add(method)
    this.listChecks[method].request()
  }

  close(): void {
    clearInterval(this.pollTimer)
    this.pollTimer = undefined
    for (const throttle of [...Object.values(this.listChecks), this.readCheck]) throttle.close()
    this.sessions.clear()
    this.baselines.clear()
    this.generation++
  }

  private isSubscribed(uri: string): boolean {
    for (const session of this.sessions) if (session.subscriptions.has(uri)) return true
    return false
  }

  private noteIds(ids: Iterable<string> | undefined): void {
    if (this.pendingIds === 'all') return
    if (ids === undefined) this.pendingIds = 'all'
    else for (const id of ids) this.pendingIds.add(id)
  }

  private async takeBaselines(): Promise<void> {
    const generation = this.generation
    await Promise.all(
      LIST_METHODS.map(async (method) => {
        const seen = await this.fingerprint(method, {})
        if (seen !== undefined && generation === this.generation && !this.baselines.has(method)) this.baselines.set(method, seen)
      }),
    )
    if (generation === this.generation) this.baselined = true
  }

  private async checkList(method: ListMethod): Promise<void> {
    const generation = this.generation
    const current = await this.fingerprint(method, {})
    if (current === undefined || generation !== this.generation) return
    const previous = this.baselines.get(method)
    this.baselines.set(method, current)
    const signalledEarly = this.unbaselined.delete(method)
    if (!signalledEarly && (previous === undefined || previous === current)) return
    this.log.debug({ method }, msg.LOG.listChanged)
    for (const session of this.sessions) session.notify(LIST_NOTIFICATIONS[method])
  }

  private async checkReads(): Promise<void> {
    const hint = this.pendingIds
    const poll = this.pollDue
    this.pendingIds = new Set()
    this.pollDue = false
    const generation = this.generation
    const uris = new Set<string>()
    const named = (uri: string) => uri.startsWith(SKILL_URI_PREFIX)
      ? poll || hint === 'all' || namesSkillFile(uri, hint)
      : uri === INDEX_URI || hint === 'all' || hint.has(afterIiiPrefix(uri) ?? '')
    for (const session of this.sessions) {
      for (const uri of session.subscriptions) if (isWatchedUri(uri) && named(uri)) uris.add(uri)
    }
    const queue = [...uris]
    const worker = async () => {
      for (let uri = queue.shift(); uri !== undefined; uri = queue.shift()) await this.checkRead(uri, generation)
    }
    await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, queue.length) }, worker))
  }

  private async checkRead(uri: string, generation: number): Promise<void> {
    const current = await this.read(uri)
    const key = readKey(uri)
    if (current === undefined || generation !== this.generation || !this.isSubscribed(uri)) return
    const previous = this.baselines.get(key)
    this.baselines.set(key, current)
    if (previous === undefined || previous === current) return
    this.log.debug({ uri }, msg.LOG.resourceUpdated)
    const notification: ChangeNotification = { method: 'notifications/resources/updated', params: { uri } }
    for (const session of this.sessions) if (session.subscriptions.has(uri)) session.notify(notification)
  }

  private read(uri: string): Promise<string | undefined> {
    return this.fingerprint('resources/read', { uri })
  }

  /**
   * A SHA-256 of the view's JSON text, every page of it as a client reads them (a listing of 10,000
   * skills is 4 MB of JSON, never held at once), or undefined when it failed (then nothing is compared
   * or notified). A resource that does not exist (-32602, E12.7) is a view too: its appearing is an update.
   */
  private async fingerprint(method: string, params: unknown): Promise<string | undefined> {
    try {
      const hash = createHash('sha256')
      for (let cursor: unknown, first = true; first || typeof cursor === 'string'; first = false) {
        const page = await within(this.view(method, first ? params : { ...(params as object), cursor }), VIEW_TIMEOUT_MS, () => new Error(msg.viewTimedOut(VIEW_TIMEOUT_MS)))
        if (page === undefined) return undefined
        const { nextCursor, ...rest } = page as { nextCursor?: unknown }
        hash.update(JSON.stringify(rest))
        cursor = nextCursor
      }
      return hash.digest('base64')
    } catch (error) {
      if (error instanceof RpcError && error.code === INVALID_PARAMS) return contentStamp(JSON.stringify({ error: error.message }))
      this.log.debug({ method, error: error instanceof Error ? error.message : String(error) }, msg.LOG.changeCheckFailed)
      return undefined
    }
  }
}

/** `promise`, or after `ms` undefined (or the error `timeout()` makes); never leaves a timer behind. */
async function within<T>(promise: Promise<T>, ms: number, timeout?: () => Error): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const expiry = new Promise<undefined>((resolve, reject) => {
    timer = setTimeout(() => (timeout ? reject(timeout()) : resolve(undefined)), ms)
    timer.unref()
  })
  try {
    return await Promise.race([promise, expiry])
  } finally {
    clearTimeout(timer)
  }
}

function readKey(uri: string): string {
  return `read:${uri}`
}
