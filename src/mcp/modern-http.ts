/**
 * The 2026-07-28 revision on the full profile's HTTP endpoint (E12.2): the SDK v2's
 * `createMcpHandler`, strict (`legacy: "reject"`), one server per request from the factory both
 * transports share. No sessions: any front of the engine answers any request (E12.4). The 2025-11-25
 * sessions (session-http.ts) keep every request `isLegacyRequest` calls theirs; the SDK answers
 * `server/discover`, the envelope and header checks (`Mcp-Method`, `Mcp-Name`, `MCP-Protocol-Version`)
 * and `subscriptions/listen`, whose streams the change hub feeds through listen-feed.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createMcpHandler, isLegacyRequest, type McpHttpHandler } from '@modelcontextprotocol/server'
import type { ChangeHub } from './change-hub.js'
import { ListenFeed } from './listen-feed.js'
import * as msg from './messages.js'
import type { SharedContext } from './methods.js'
import { createFullServer } from './server-factory.js'
import { sendWebResponse, toWebRequest } from './web-exchange.js'
import { isJsonObject } from '../core/index.js'

// {method:"subscriptions/listen", params:{notifications:{resourceSubscriptions:["iii://a"]}}} => ["iii://a"]
function listenedUris(body: unknown): string[] | undefined {
  if (!isJsonObject(body) || body.method !== 'subscriptions/listen') return undefined
  const filter = isJsonObject(body.params) && isJsonObject(body.params.notifications) ? body.params.notifications : {}
  return Array.isArray(filter.resourceSubscriptions) ? filter.resourceSubscriptions.filter((u): u is string => typeof u === 'string') : []
}

export class ModernHttp {
  private readonly handler: McpHttpHandler
  private readonly feed: ListenFeed | undefined

  constructor(ctx: SharedContext, hub: ChangeHub | undefined, maxSubscriptions: number) {
    this.handler = createMcpHandler((request) => createFullServer({ ctx }, request), {
      legacy: 'reject',
      maxSubscriptions,
      onerror: (error) => ctx.log.debug({ error: String(error) }, msg.LOG.transportError),
    })
    this.feed = hub === undefined ? undefined : new ListenFeed(hub, this.handler.notify, ctx.log)
  }

  /** Whether a POST whose body is `body` is 2026-07-28's (the SDK's own routing decision). */
  async owns(req: IncomingMessage, body: unknown): Promise<boolean> {
    return !(await isLegacyRequest(toWebRequest(req), body))
  }

  async serve(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const uris = listenedUris(body)
    if (uris !== undefined && this.feed !== undefined) {
      await this.feed.opened(uris)
      res.once('close', () => this.feed?.closed(uris))
    }
    const response = await this.handler.fetch(toWebRequest(req, res), { parsedBody: body })
    await sendWebResponse(res, response)
  }

  async close(): Promise<void> {
    this.feed?.close()
    await this.handler.close()
  }
}
