/**
 * `GET /_ui/events?watch=<id>`: server-sent events from the same change hub the MCP notifications
 * come from. The page is one more hub session: `catalogue` when the resource list changed (a skill
 * added, removed, retitled, any fs edit), `skill` when the watched skill's text changed. Each event
 * only says "look again"; the page re-reads what it shows.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { SECURITY_HEADERS } from './security-headers.js'
import { iiiUri } from '../core/index.js'

interface ChangeNotice {
  method: string
  params?: { uri: string }
}

/** What the page needs of the MCP front's change hub (src/mcp/change-hub.ts). */
export interface ChangeSource {
  attach(session: UiSession): Promise<void>
  detach(session: UiSession): void
  /** Takes the URI's baseline; `detach` forgets it with the session's other subscriptions. */
  subscribed(uri: string): Promise<void>
}

interface UiSession {
  readonly subscriptions: ReadonlySet<string>
  notify(notice: ChangeNotice): void
}

const KEEP_ALIVE_MS = 15_000
const LIST_CHANGED = 'notifications/resources/list_changed'
const UPDATED = 'notifications/resources/updated'

/** Without a change hub (none was started) the stream only says `ready`. */
export async function serveEvents(req: IncomingMessage, res: ServerResponse, changes: ChangeSource | undefined, watch: string | undefined): Promise<void> {
  const watched = watch === undefined || watch === '' ? undefined : iiiUri(watch)
  const session: UiSession = {
    subscriptions: new Set(watched === undefined ? [] : [watched]),
    notify(notice) {
      if (notice.method === LIST_CHANGED) send('catalogue')
      else if (notice.method === UPDATED && notice.params?.uri === watched) send('skill')
    },
  }
  const send = (event: string) => {
    if (!res.writableEnded) res.write(`event: ${event}\ndata: {}\n\n`)
  }
  res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/event-stream', connection: 'keep-alive' })
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS)
  keepAlive.unref()
  req.on('close', () => {
    clearInterval(keepAlive)
    changes?.detach(session)
  })
  await changes?.attach(session)
  if (watched !== undefined) await changes?.subscribed(watched)
  send('ready')
}
