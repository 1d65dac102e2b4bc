/**
 * inotify queues at most `fs.inotify.max_queued_events` events (16384 by default); past that the
 * kernel drops events and queues one overflow notice, which libuv discards, so nothing says that
 * events were lost. Node hands over everything queued in one poll phase, before the next check
 * phase: a burst that reaches the limit between two check phases is the only sign there is, and a
 * watched view must then forget everything it knows and read the disk again.
 */
import { readFileSync } from 'node:fs'

const DEFAULT_QUEUE_LIMIT = 16_384

/** The kernel's queue limit, or the default when it cannot be read (not Linux, no /proc). */
export function systemQueueLimit(): number {
  try {
    const limit = Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8').trim())
    return Number.isInteger(limit) && limit > 1 ? limit : DEFAULT_QUEUE_LIMIT
  } catch {
    // Not Linux or no /proc: the default limit is the documented fallback.
    return DEFAULT_QUEUE_LIMIT
  }
}

const onOverflow = new Set<() => void>()
let inThisTurn = 0
let reported = false

/** Calls `lost()` whenever a burst may have overflowed the queue; returns the unsubscribe. */
export function onEventsLost(lost: () => void): () => void {
  onOverflow.add(lost)
  return () => onOverflow.delete(lost)
}

/** Counts one event; all views share the process's one inotify queue, so they share the count. */
export function countEvent(limit: number): void {
  if (inThisTurn++ === 0) {
    setImmediate(() => {
      inThisTurn = 0
      reported = false
    })
  }
  if (inThisTurn < limit - 1 || reported) return
  reported = true
  for (const lost of [...onOverflow]) lost()
}
