/**
 * A worker in the engine's own process (E16.2: `--stdio` and `--embedded` are one process): the same
 * protocol frames as over a WebSocket, in order, each delivered on a later turn of the event loop as a
 * socket's would be, without the socket (no HTTP upgrade, masking, framing or loopback TCP). A frame
 * travels as the value its text would parse to, so neither side writes and parses it again; only a
 * frame the engine holds as JSON bytes already (a RawJson result: `state::list`) goes as text. The
 * engine sees a WorkerConnection like any other; this is the subset of ws's WebSocket that it writes to.
 */

/** A frame from the engine: its value, or its text (whole, or the fragments of a long one joined). */
export type LocalFrame = object | string | Buffer

/** The worker's end: frames to the engine, and the end of the connection. */
export interface LocalLink {
  send(frame: object): void
  close(): void
}

/** Delivers frames to one side in order, a batch per check phase. */
export class FrameQueue<T> {
  private queued: T[] = []
  private scheduled = false

  constructor(private readonly deliver: (frame: T) => void) {}

  push(frame: T): void {
    this.queued.push(frame)
    if (this.scheduled) return
    this.scheduled = true
    setImmediate(() => this.flush())
  }

  clear(): void {
    this.queued = []
  }

  private flush(): void {
    this.scheduled = false
    const batch = this.queued
    this.queued = []
    for (const frame of batch) this.deliver(frame)
  }
}

/** The engine's end: WorkerConnection sends values, whole text frames, or fragments (`fin: false` until the last). */
export class LocalSocket {
  private fragments: Buffer[] = []
  private open = true
  private readonly toWorker: FrameQueue<LocalFrame>

  constructor(deliver: (frame: LocalFrame) => void, private readonly onTerminate: () => void) {
    this.toWorker = new FrameQueue(deliver)
  }

  sendValue(frame: object): void {
    if (this.open) this.toWorker.push(frame)
  }

  send(data: string | Buffer, options: { fin?: boolean }, callback?: (error?: Error) => void): void {
    if (!this.open) return callback?.(new Error('connection closed'))
    if (options.fin === false) this.fragments.push(typeof data === 'string' ? Buffer.from(data) : data)
    else if (this.fragments.length === 0) this.toWorker.push(data)
    else {
      this.toWorker.push(Buffer.concat([...this.fragments, typeof data === 'string' ? Buffer.from(data) : data]))
      this.fragments = []
    }
    callback?.()
  }

  terminate(): void {
    if (!this.open) return
    this.open = false
    this.toWorker.clear()
    this.onTerminate()
  }
}
