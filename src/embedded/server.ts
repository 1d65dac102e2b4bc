/**
 * The listener (spec §1.1): one HTTP server whose WebSocket upgrades are routed by path. `/` (query
 * ignored) is the worker protocol, `/otel` is accepted and its frames ignored (the SDK's telemetry
 * socket would otherwise reconnect forever), anything else is refused. Frames over 16 MiB are a read
 * error, as with the engine's tungstenite defaults: `ws` closes the socket and the worker is cleaned up.
 */
import { createServer, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { Logger } from 'pino'
import type { Engine } from './engine.js'
import * as msg from './messages.js'

export const MAX_FRAME_BYTES = 16 * 1024 * 1024

interface ListenOptions {
  host: string
  port: number
  engine: Engine
  log: Logger
}

interface Listener {
  port: number
  close(): Promise<void>
}

function refuse(socket: Duplex): void {
  socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
  socket.destroy()
}

export async function listen(options: ListenOptions): Promise<Listener> {
  const { engine, log } = options
  const http = createServer((_req, res) => res.writeHead(404).end())
  const workers = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
  const telemetry = new WebSocketServer({ noServer: true })

  const onWorker = (ws: WebSocket, req: IncomingMessage) => {
    const conn = engine.attach(ws, req.socket.remoteAddress)
    ws.on('message', (data, isBinary) => engine.receive(conn, data, isBinary))
    ws.on('close', () => engine.detach(conn))
    ws.on('error', (err) => log.debug({ worker_id: conn.id, err: err.message }, msg.LOG_WORKER_DISCONNECTED))
  }

  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (path === '/') workers.handleUpgrade(req, socket, head, (ws) => onWorker(ws, req))
    else if (path === '/otel') telemetry.handleUpgrade(req, socket, head, (ws) => ws.on('error', () => {}))
    else {
      log.warn({ path }, msg.LOG_UPGRADE_REJECTED)
      refuse(socket)
    }
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

  return {
    port,
    async close() {
      for (const ws of [...workers.clients, ...telemetry.clients]) ws.terminate()
      workers.close()
      telemetry.close()
      await new Promise<void>((resolve) => {
        http.close(() => resolve())
        http.closeAllConnections()
      })
    },
  }
}
