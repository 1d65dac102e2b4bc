/**
 * The listener (spec §1.1): one HTTP server whose WebSocket upgrades are routed by path. `/` (query
 * ignored) is the worker protocol, `/otel` is accepted and its frames ignored (the SDK's telemetry
 * socket would otherwise reconnect forever), anything else is refused. Frames over 16 MiB (the engine's
 * tungstenite frame limit, which also keeps messages well under its 64 MiB message limit), or over
 * 4 MiB on `/otel`, are a read error: `ws` closes the socket with 1009 and the worker is cleaned up
 * (E11.6).
 *
 * E11.1–E11.2: an upgrade from a browser page of another origin, or naming a Host this listener
 * does not answer to, gets 403 and no socket; with a token, an upgrade without it gets the iii
 * engine's RBAC refusal (an AUTH_ERROR frame, then a close).
 *
 * `ws` is loaded at the first upgrade: an engine nobody joins over the network (`--stdio`, whose worker
 * and front are linked in process) never loads it and the TLS, zlib and crypto modules it requires (E16.2).
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { WebSocket, WebSocketServer } from 'ws'
import type { Logger } from 'pino'
import type { Engine } from './engine.js'
import * as msg from './messages.js'
import { Door, LOOPBACK_DOOR, type DoorRules, createServer, isAllowedOrigin } from '../http/index.js'
import { ENGINE_MAX_FRAME_BYTES, TELEMETRY_MAX_FRAME_BYTES } from '../core/index.js'

/** Close code of a refused upgrade's socket (RFC 6455: policy violation). */
const POLICY_VIOLATION = 1008

interface ListenOptions {
  host: string
  port: number
  engine: Engine
  log: Logger
  door?: DoorRules
}

interface Listener {
  port: number
  close(): Promise<void>
}

function refuse(socket: Duplex, status = '404 Not Found', text = ''): void {
  const length = Buffer.byteLength(text)
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${length}\r\n\r\n${text}`)
  socket.destroy()
}

/** What the iii engine's RBAC sends before closing a connection its auth function rejected. */
function authError(ws: WebSocket): void {
  ws.send(JSON.stringify({ type: 'error', error: { code: msg.AUTH_ERROR, message: msg.AUTH_ERROR_MESSAGE } }))
  ws.close(POLICY_VIOLATION, msg.AUTH_ERROR)
}

export async function listen(options: ListenOptions): Promise<Listener> {
  const { engine, log } = options
  const http = createServer((_req, res) => res.writeHead(404).end())
  let sockets: Promise<{ workers: WebSocketServer; telemetry: WebSocketServer }> | undefined
  const upgrades = () => (sockets ??= import('ws').then(({ WebSocketServer }) => ({
    workers: new WebSocketServer({ noServer: true, maxPayload: ENGINE_MAX_FRAME_BYTES }),
    telemetry: new WebSocketServer({ noServer: true, maxPayload: TELEMETRY_MAX_FRAME_BYTES }),
  })))
  let door: Door | undefined

  const onWorker = (ws: WebSocket, req: IncomingMessage) => {
    const conn = engine.attach(ws, req.socket.remoteAddress)
    ws.on('message', (data, isBinary) => engine.receive(conn, data, isBinary))
    ws.on('close', () => engine.detach(conn))
    ws.on('error', (err) => log.debug({ worker_id: conn.id, err: err.message }, msg.LOG_WORKER_DISCONNECTED))
  }

  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!isAllowedOrigin(req.headers.origin)) {
      log.warn({ origin: req.headers.origin }, msg.LOG_UPGRADE_ORIGIN_REFUSED)
      return refuse(socket, '403 Forbidden', msg.UPGRADE_FORBIDDEN)
    }
    const refusal = door?.refusal(req.headers)
    if (refusal?.reason === 'host') {
      log.warn({ host: req.headers.host }, msg.LOG_UPGRADE_HOST_REFUSED)
      return refuse(socket, '403 Forbidden', refusal.text)
    }
    // E20.4: a view's token is a known one that does not open the engine.
    if (refusal?.reason === 'place') {
      log.warn({ address: req.socket.remoteAddress }, msg.LOG_UPGRADE_TOKEN_REFUSED)
      return refuse(socket, '403 Forbidden', refusal.text)
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (path !== '/' && path !== '/otel') {
      log.warn({ path }, msg.LOG_UPGRADE_REJECTED)
      return refuse(socket)
    }
    void upgrades().then(({ workers, telemetry }) => {
      const server = path === '/' ? workers : telemetry
      if (refusal?.reason === 'token') {
        log.warn({ path, address: req.socket.remoteAddress }, msg.LOG_UPGRADE_TOKEN_REFUSED)
        server.handleUpgrade(req, socket, head, authError)
      } else if (server === workers) workers.handleUpgrade(req, socket, head, (ws) => onWorker(ws, req))
      else telemetry.handleUpgrade(req, socket, head, (ws) => ws.on('error', () => {}))
    })
  })

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port, options.host, () => {
      http.off('error', reject)
      resolve()
    })
  })
  const address = http.address()
  const port = typeof address === 'object' && address !== null ? address.port : options.port
  door = new Door(options.host, port, options.door ?? LOOPBACK_DOOR)

  return {
    port,
    async close() {
      if (sockets !== undefined) {
        const { workers, telemetry } = await sockets
        for (const ws of [...workers.clients, ...telemetry.clients]) ws.terminate()
        workers.close()
        telemetry.close()
      }
      await new Promise<void>((resolve) => {
        http.close(() => resolve())
        http.closeAllConnections()
      })
    },
  }
}
