/**
 * E18.5: where log lines go (stderr by default), a sink that never throws and never blocks the
 * process. Lines are queued and written in the background (fs.write, off the main thread), so a
 * reader that stops reading holds a write in a pool thread, never the event loop, and a signal is
 * always handled. A sink that fails for good (EPIPE: the reader has gone, EBADF: closed) is dead:
 * what is queued and every later line is dropped. A full queue drops the newest lines and counts
 * them (pino's own destination sleeps and retries a broken pipe forever from its synchronous flush,
 * which kept a process deaf to SIGTERM once `| head` had exited).
 */
import { write as fsWrite } from 'node:fs'
import { LOG_QUEUE_MAX_UNITS } from '../core/index.js'
/** A full non-blocking pipe (EAGAIN) is retried after this long. */
const RETRY_MS = 20

export class LogSink {
  readonly #fd: number
  readonly #maxQueuedUnits: number
  #queue: string[] = []
  #queuedUnits = 0
  #writing = false
  #dead = false
  #idle: Array<() => void> = []
  /** Lines dropped because the queue was full or the sink had died. */
  dropped = 0

  constructor(fd: number, maxQueuedUnits: number) {
    this.#fd = fd
    this.#maxQueuedUnits = maxQueuedUnits
  }

  get dead(): boolean {
    return this.#dead
  }

  /** pino's destination API: queue one line; never throws. */
  write(line: string): boolean {
    if (this.#dead || this.#queuedUnits + line.length > this.#maxQueuedUnits) {
      this.dropped++
      return false
    }
    this.#queue.push(line)
    this.#queuedUnits += line.length
    if (!this.#writing) this.#writeNext(undefined)
    return true
  }

  /** Resolves once everything queued is written, the sink has died, or `timeoutMs` has passed. */
  settled(timeoutMs: number): Promise<void> {
    if (!this.#writing) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs)
      timer.unref()
      this.#idle.push(() => {
        clearTimeout(timer)
        resolve()
      })
    })
  }

  #writeNext(pending: Buffer | undefined): void {
    let chunk = pending
    if (chunk === undefined) {
      if (this.#queue.length === 0) return this.#becomeIdle()
      chunk = Buffer.from(this.#queue.join(''))
      this.#queue = []
      this.#queuedUnits = 0
    }
    this.#writing = true
    const buffer = chunk
    fsWrite(this.#fd, buffer, 0, buffer.length, null, (error, written) => {
      if (error === null) return this.#writeNext(written < buffer.length ? buffer.subarray(written) : undefined)
      if (error.code === 'EAGAIN') {
        setTimeout(() => this.#writeNext(buffer), RETRY_MS).unref()
        return
      }
      this.#die()
    })
  }

  #die(): void {
    this.#dead = true
    this.dropped += this.#queue.length
    this.#queue = []
    this.#queuedUnits = 0
    this.#becomeIdle()
  }

  #becomeIdle(): void {
    this.#writing = false
    for (const resolve of this.#idle.splice(0)) resolve()
  }
}

/** The sink of the process's logs: stderr, with the queue bound of core/limits.ts. */
export const stderrSink = (): LogSink => new LogSink(2, LOG_QUEUE_MAX_UNITS)
