/**
 * One worker socket as the engine sees it: its ids, what it told `engine::workers::register`, and an
 * ordered outbound path. Frames are written in call order on the one socket, so per-worker ordering
 * holds as long as callers send synchronously (they do: the engine never awaits between deciding to
 * send and sending).
 */
import { randomUUID } from 'node:crypto'
import type { WebSocket } from 'ws'
import type { Logger } from 'pino'
import { LOG_SEND_FAILED } from './messages.js'

interface WorkerMetadata {
  name?: string
  description?: string
  runtime?: string
  version?: string
  os?: string
  pid?: number
  isolation?: string | null
  telemetry?: unknown
}

export type FrameRecorder = (direction: 'in' | 'out', workerId: string, text: string) => void

export class WorkerConnection {
  readonly id = randomUUID()
  readonly reattachToken = randomUUID()
  readonly connectedAtMs = Date.now()
  metadata: WorkerMetadata = {}
  open = true

  constructor(
    private readonly socket: WebSocket,
    readonly ipAddress: string | undefined,
    private readonly log: Logger,
    private readonly record?: FrameRecorder,
  ) {}

  send(message: object): void {
    if (!this.open) return
    const text = JSON.stringify(message)
    this.record?.('out', this.id, text)
    this.socket.send(text, (err) => {
      if (err) this.log.debug({ worker_id: this.id, err: err.message }, LOG_SEND_FAILED)
    })
  }

  /** Hard-drops the socket (no close handshake): how a crash or network loss looks to the peer. */
  terminate(): void {
    this.open = false
    this.socket.terminate()
  }
}
