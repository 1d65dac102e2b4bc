/**
 * A node:http server that serves nothing but the `http` triggers: what runs on the HTTP port when
 * the MCP endpoint is off (`--no-mcp`), and in tests. With MCP on, the MCP listener serves the
 * triggers on every path but its own.
 */
import type { AddressInfo } from 'node:net'
import type { Logger } from 'pino'
import * as msg from '../messages.js'
import type { HttpRequestHandler } from './handler.js'
import { Door, LOOPBACK_DOOR, type DoorRules, createServer, refusedAtDoor, listenerUrl, listenHttp } from '../../http/index.js'

export interface HttpTriggerListenerOptions {
  host: string
  /** 0 picks a free port. */
  port: number
  handler: HttpRequestHandler
  log: Logger
  door?: DoorRules
}

export interface HttpTriggerListener {
  /** http://host:port (no trailing slash) */
  url: string
  port: number
  close(): Promise<void>
}

export async function startHttpTriggerListener(options: HttpTriggerListenerOptions): Promise<HttpTriggerListener> {
  let door: Door | undefined
  const server = createServer((req, res) => {
    if (!refusedAtDoor(door, req, res, options.log)) void options.handler(req, res)
  })
  await listenHttp(server, options.port, options.host)
  server.on('error', (error) => options.log.error({ error: String(error) }, msg.LOG_HTTP_SERVER_ERROR))
  const port = (server.address() as AddressInfo).port
  door = new Door(options.host, port, options.door ?? LOOPBACK_DOOR)
  const url = listenerUrl('http', options.host, port)
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

