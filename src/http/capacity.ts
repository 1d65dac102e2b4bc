/**
 * Bounded sessions and streams (E11.6): past the cap a new one gets 503 with `Retry-After`, so a
 * client that opens sessions or event streams in a loop cannot exhaust memory or sockets.
 */
import type { ServerResponse } from 'node:http'
import { tooManyOpen } from '../core/index.js'

export const DEFAULT_MAX_OPEN = 1000
const RETRY_AFTER_SECONDS = 10


/** A count of open things with a cap. */
export class OpenCount {
  private open = 0

  constructor(private readonly max: number, private readonly what: string) {}

  get size(): number {
    return this.open
  }

  /** Takes a place and returns its release (idempotent), or answers 503 and returns undefined. */
  take(res: ServerResponse): (() => void) | undefined {
    if (this.open >= this.max) {
      sendBusy(res, tooManyOpen(this.what, this.max))
      return undefined
    }
    this.open++
    let released = false
    return () => {
      if (released) return
      released = true
      this.open--
    }
  }

  /** Whether one more would be over the cap; answers 503 when it would. */
  refuseWhenFull(res: ServerResponse, current: number): boolean {
    if (current < this.max) return false
    sendBusy(res, tooManyOpen(this.what, this.max))
    return true
  }
}

function sendBusy(res: ServerResponse, text: string): void {
  res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': String(RETRY_AFTER_SECONDS) }).end(text)
}
