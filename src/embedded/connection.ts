/**
 * One worker socket as the engine sees it: its ids, what it told `engine::workers::register`, and an
 * ordered outbound path. Frames are written in call order on the one socket, so per-worker ordering
 * holds as long as callers send synchronously (they do: the engine never awaits between deciding to
 * send and sending).
 */
import { randomUUID } from 'node:crypto'
import { setImmediate } from 'node:timers/promises'
import type { WebSocket } from 'ws'
import type { Logger } from 'pino'
import { LOG_SEND_FAILED } from './messages.js'
import { frameText } from './raw-json.js'

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

/** Frames longer than this (in UTF-16 units) are written in fragments of this size. */
const FRAGMENT_CHARS = 1 << 20

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff

export type FrameRecorder = (direction: 'in' | 'out', workerId: string, text: string) => void

export class WorkerConnection {
  readonly id = randomUUID()
  readonly reattachToken = randomUUID()
  readonly connectedAtMs = Date.now()
  metadata: WorkerMetadata = {}
  open = true
  /** Frames sent while a long one is still going out. */
  private waiting: string[] | undefined

  constructor(
    private readonly socket: WebSocket,
    readonly ipAddress: string | undefined,
    private readonly log: Logger,
    private readonly record?: FrameRecorder,
  ) {}

  send(message: object): void {
    if (!this.open) return
    const text = frameText(message)
    this.record?.('out', this.id, text)
    if (this.waiting !== undefined) this.waiting.push(text)
    else if (text.length <= FRAGMENT_CHARS) this.write(text, true)
    else void this.writeLong(text)
  }

  /**
   * A long frame goes out in fragments, one per turn of the event loop, so the 20 MB `state::list`
   * of 10,000 skills never holds the engine (and, with `--embedded`, the worker) for tens of ms;
   * the frames sent meanwhile wait for it, in order.
   */
  private async writeLong(first: string): Promise<void> {
    const waiting: string[] = []
    this.waiting = waiting
    for (let text: string | undefined = first; text !== undefined && this.open; text = waiting.shift()) {
      for (let at = 0; at < text.length && this.open;) {
        let end = Math.min(at + FRAGMENT_CHARS, text.length)
        if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--
        this.write(at === 0 && end === text.length ? text : text.slice(at, end), end === text.length)
        at = end
        if (at < text.length) await setImmediate()
      }
    }
    this.waiting = undefined
  }

  private write(text: string, fin: boolean): void {
    this.socket.send(text, { fin }, (err) => {
      if (err) this.log.debug({ worker_id: this.id, err: err.message }, LOG_SEND_FAILED)
    })
  }

  /** Hard-drops the socket (no close handshake): how a crash or network loss looks to the peer. */
  terminate(): void {
    this.open = false
    this.socket.terminate()
  }
}
