/**
 * Records every notification an MCP SDK client receives (through the client's fallback handler, so
 * no capability or schema has to be declared first), with the time it arrived.
 */

export interface ReceivedNotification {
  method: string
  params?: Record<string, unknown>
  at: number
}

export interface NotificationLog {
  readonly all: ReceivedNotification[]
  /** Those of `method` (and, for resources/updated, of `uri`) received at or after `since`. */
  of(method: string, options?: { uri?: string; since?: number }): ReceivedNotification[]
  /** Resolves with the first matching notification received at or after `since`; rejects after `timeoutMs`. */
  waitFor(method: string, options?: { uri?: string; since?: number; timeoutMs?: number }): Promise<ReceivedNotification>
}

export const LIST_CHANGED = {
  resources: 'notifications/resources/list_changed',
  prompts: 'notifications/prompts/list_changed',
  tools: 'notifications/tools/list_changed',
} as const
export const RESOURCE_UPDATED = 'notifications/resources/updated'

/** What is needed of a client, SDK v1's or v2's: its handler of notifications nothing else handles. */
interface NotifiedClient {
  // A method signature, so both SDKs' narrower notification types fit.
  fallbackNotificationHandler?(notification: { method: string; params?: unknown }): Promise<void>
}

export function recordNotifications(client: NotifiedClient): NotificationLog {
  const all: ReceivedNotification[] = []
  const waiters = new Set<() => void>()
  client.fallbackNotificationHandler = async (notification) => {
    all.push({ method: notification.method, params: notification.params as Record<string, unknown> | undefined, at: performance.now() })
    for (const wake of [...waiters]) wake()
  }
  const of: NotificationLog['of'] = (method, options = {}) =>
    all.filter(
      (n) =>
        n.method === method &&
        n.at >= (options.since ?? Number.NEGATIVE_INFINITY) &&
        (options.uri === undefined || n.params?.uri === options.uri),
    )
  return {
    all,
    of,
    waitFor: (method, options = {}) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = of(method, options)[0]
          if (found === undefined) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(found)
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no ${method}${options.uri ? ` for ${options.uri}` : ''} within ${options.timeoutMs ?? 1000} ms; got ${JSON.stringify(all)}`))
        }, options.timeoutMs ?? 1000)
        waiters.add(check)
        check()
      }),
  }
}
