/**
 * At most one run per window, on both edges: a request after a quiet window runs at once (next
 * macrotask, so a synchronous burst is one run), a request inside the window runs once at its
 * end, and a request that arrives while a run is in progress runs again after it. The last
 * request is therefore never lost, and a burst costs at most one run per window.
 */
export class Throttle {
  private timer: NodeJS.Timeout | undefined
  private running = false
  private dirty = false
  private closed = false
  private last = Number.NEGATIVE_INFINITY

  constructor(
    private readonly run: () => unknown,
    private readonly windowMs: number,
  ) {}

  request(): void {
    if (this.closed) return
    this.dirty = true
    this.schedule()
  }

  /** Drops a pending run; later requests are ignored. */
  close(): void {
    this.closed = true
    clearTimeout(this.timer)
    this.timer = undefined
  }

  private schedule(): void {
    if (this.closed || this.running || this.timer !== undefined || !this.dirty) return
    const delay = Math.max(0, this.last + this.windowMs - Date.now())
    this.timer = setTimeout(() => void this.fire(), delay)
  }

  private async fire(): Promise<void> {
    this.timer = undefined
    this.dirty = false
    this.running = true
    this.last = Date.now()
    try {
      await this.run()
    } catch {
      // The run reports its own failures; a throw must not stop later runs.
    } finally {
      this.running = false
      this.schedule()
    }
  }
}
