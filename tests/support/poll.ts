/**
 * Polling instead of sleeping: end-to-end tests wait for a condition on a real process, and on a
 * loaded machine a fixed sleep is either too short (flaky) or too long (slow).
 */
export interface PollOptions {
  timeoutMs: number
  intervalMs?: number
  /** Named in the timeout error. */
  what: string
}

/** Retries `attempt` until it resolves (a rejection means "not yet"); rethrows the last error at the deadline. */
export async function pollUntil<T>(attempt: () => Promise<T>, options: PollOptions): Promise<T> {
  const deadline = Date.now() + options.timeoutMs
  let lastError: unknown
  for (;;) {
    try {
      return await attempt()
    } catch (error) {
      lastError = error
    }
    if (Date.now() >= deadline) {
      const reason = lastError instanceof Error ? lastError.message : String(lastError)
      throw new Error(`timed out after ${options.timeoutMs} ms waiting for ${options.what}: ${reason}`)
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 200))
  }
}
