/**
 * One worker socket as the engine sees it: its ids, what it told `engine::workers::register`, and an
 * ordered outbound path. Frames are written in call order on the one socket, so per-worker ordering
 * holds as long as callers send synchronously (they do: the engine never awaits between deciding to
 * send and sending).
 */
import { randomUUID } from 'node:crypto'
import { setImmediate } from 'node:timers/promises'
import type { Logger } from 'pino'
import { LOG_SEND_FAILED } from './messages.js'
import { frameJson, fragments, hasRawResult, jsonText } from './raw-json.js'

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

/** Frames longer than this are written in fragments of this many bytes. */
const FRAGMENT_BYTES = 1 << 20

/** What a connection writes to: ws's WebSocket, or an in-process worker's LocalSocket (local-socket.ts). */
export interface FrameSocket {
  send(data: string | Buffer, options: { fin: boolean; binary: boolean }, callback: (error?: Error) => void): void
  /** A frame as its value, for a worker in this process: the text it would parse to, unwritten. */
  sendValue?(frame: object): void
  terminate(): void
}

export type FrameRecorder = (direction: 'in' | 'out', workerId: string, text: string) => void

export class WorkerConnection {
  readonly id = randomUUID()
  readonly reattachToken = randomUUID()
  readonly connectedAtMs = Date.now()
  metadata: WorkerMetadata = {}
  open = true
  /** Frames sent while a long one is still going out. */
  private waiting: Array<string | readonly Buffer[]> | undefined

  constructor(
    private readonly socket: FrameSocket,
    readonly ipAddress: string | undefined,
    private readonly log: Logger,
    private readonly record?: FrameRecorder,
  ) {}

  send(message: object): void {
    if (!this.open) return
    // A RawJson result is bytes already, and a frame sent while a long one goes out waits in line as text.
    if (this.socket.sendValue !== undefined && this.waiting === undefined && !hasRawResult(message)) {
      if (this.record !== undefined) this.record('out', this.id, JSON.stringify(message))
      this.socket.sendValue(message)
      return
    }
    const json = frameJson(message)
    if (this.record !== undefined) this.record('out', this.id, jsonText(json))
    if (this.waiting !== undefined) this.waiting.push(json)
    // A UTF-16 unit is at most 3 UTF-8 bytes: such a string is within one fragment.
    else if (typeof json === 'string' && json.length <= FRAGMENT_BYTES / 3) this.write(json, true)
    else void this.writeLong(json)
  }

  /**
   * A long frame goes out in fragments, one per turn of the event loop, so the 20 MB `state::list`
   * of 10,000 skills never holds the engine (and, with `--embedded`, the worker) for tens of ms;
   * the frames sent meanwhile wait for it, in order.
   */
  private async writeLong(first: string | readonly Buffer[]): Promise<void> {
    const waiting: Array<string | readonly Buffer[]> = []
    this.waiting = waiting
    for (let json: string | readonly Buffer[] | undefined = first; json !== undefined && this.open; json = waiting.shift()) {
      const parts = fragments(typeof json === 'string' ? [Buffer.from(json)] : json, FRAGMENT_BYTES)
      let next = parts.next()
      while (!next.done && this.open) {
        const fragment = next.value
        next = parts.next()
        this.write(fragment, next.done === true)
        if (!next.done) await setImmediate()
      }
    }
    this.waiting = undefined
  }

  /** A text frame, or a fragment of one (a string is sent whole). */
  private write(data: string | Buffer, fin: boolean): void {
    this.socket.send(data, { fin, binary: false }, (err) => {
      if (err) this.log.debug({ worker_id: this.id, err: err.message }, LOG_SEND_FAILED)
    })
  }

  /** Hard-drops the socket (no close handshake): how a crash or network loss looks to the peer. */
  terminate(): void {
    this.open = false
    this.socket.terminate()
  }
}
