/**
 * The HTTP front's 2026-07-28 listeners as one change-hub session (E12.2, E12.4): while any
 * `subscriptions/listen` stream is open, the hub's checks run and what changed is published on the
 * SDK handler's bus, whose listen router sends each notification to the streams whose filter asked
 * for it. The resources watched are those some open stream listens to.
 */
import type { ServerNotifier } from '@modelcontextprotocol/server'
import type { Logger } from 'pino'
import type { ChangeHub, ChangeNotification } from './change-hub.js'
import { McpSession, type NotificationSink } from './session.js'

export class ListenFeed {
  private session: McpSession | undefined
  private streams = 0
  private readonly uris = new Map<string, number>()

  constructor(
    private readonly hub: ChangeHub,
    private readonly notify: ServerNotifier,
    private readonly log: Logger,
  ) {}

  /** A listen stream opened: resolves once the hub has its baselines (and those of `resourceUris`). */
  async opened(resourceUris: readonly string[]): Promise<void> {
    this.streams++
    if (this.session === undefined) {
      this.session = new McpSession(this.sink(), this.hub, this.log)
      await this.hub.attach(this.session)
    }
    const session = this.session
    await Promise.all(resourceUris.map(async (uri) => {
      const count = this.uris.get(uri) ?? 0
      this.uris.set(uri, count + 1)
      if (count === 0) await session.subscribe(uri)
    }))
  }

  closed(resourceUris: readonly string[]): void {
    for (const uri of resourceUris) {
      const count = (this.uris.get(uri) ?? 1) - 1
      if (count > 0) this.uris.set(uri, count)
      else {
        this.uris.delete(uri)
        this.session?.unsubscribe(uri)
      }
    }
    if (--this.streams > 0) return
    this.session?.close()
    this.session = undefined
  }

  close(): void {
    this.session?.close()
    this.session = undefined
  }

  private sink(): NotificationSink {
    return {
      notification: async (notification: ChangeNotification) => {
        switch (notification.method) {
          case 'notifications/resources/list_changed': return this.notify.resourcesChanged()
          case 'notifications/prompts/list_changed': return this.notify.promptsChanged()
          case 'notifications/tools/list_changed': return this.notify.toolsChanged()
          case 'notifications/resources/updated': return this.notify.resourceUpdated(notification.params.uri)
        }
      },
    }
  }
}
