/**
 * One connected MCP client of the full profile (a stdio process, an HTTP session): its resource
 * subscriptions, and the change notifications it is sent, at most one of each kind (a list, or
 * one URI's update) per window, trailing edge included.
 */
import type { Logger } from 'pino'
import { CHANGE_WINDOW_MS, type ChangeHub, type ChangeNotification, type HubSession } from './change-hub.js'
import * as msg from './messages.js'
import type { SubscriptionTarget } from './methods.js'
import { Throttle } from './throttle.js'

const UPDATED = 'notifications/resources/updated'

/** What a session sends its notifications through: an SDK server (v1 or v2) connected to the client. */
export interface NotificationSink {
  notification(notification: ChangeNotification): Promise<void>
}

export class McpSession implements HubSession, SubscriptionTarget {
  readonly subscriptions = new Set<string>()
  /** Called when the resource list changed: the skills may have new diagnostics (E6.7). */
  onSkillsChanged: (() => void) | undefined
  private readonly throttles = new Map<string, Throttle>()
  private closed = false

  constructor(
    private readonly server: NotificationSink,
    private readonly hub: ChangeHub | undefined,
    private readonly log: Logger,
    private readonly windowMs: number = CHANGE_WINDOW_MS,
  ) {}

  notify(notification: ChangeNotification): void {
    if (this.closed) return
    if (notification.method === 'notifications/resources/list_changed') this.onSkillsChanged?.()
    const key = notification.method === UPDATED ? `${UPDATED} ${notification.params.uri}` : notification.method
    let throttle = this.throttles.get(key)
    if (throttle === undefined) {
      throttle = new Throttle(() => this.send(notification), this.windowMs)
      this.throttles.set(key, throttle)
    }
    throttle.request()
  }

  async subscribe(uri: string): Promise<void> {
    this.subscriptions.add(uri)
    await this.hub?.subscribed(uri)
  }

  unsubscribe(uri: string): void {
    if (!this.subscriptions.delete(uri)) return
    const key = `${UPDATED} ${uri}`
    this.throttles.get(key)?.close()
    this.throttles.delete(key)
    this.hub?.unsubscribed(uri)
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    for (const throttle of this.throttles.values()) throttle.close()
    this.throttles.clear()
    this.hub?.detach(this)
  }

  private async send(notification: ChangeNotification): Promise<void> {
    if (this.closed) return
    if (notification.method === UPDATED && !this.subscriptions.has(notification.params.uri)) return
    try {
      await this.server.notification(notification)
    } catch (error) {
      this.log.debug({ method: notification.method, error: String(error) }, msg.LOG.notifyFailed)
    }
  }
}
