/** How long `work` took, and the longest another task waited meanwhile (a 1 ms timer's longest gap). */
export async function withLoopWait<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; longestWaitMs: number }> {
  let longestWaitMs = 0
  let last = performance.now()
  const timer = setInterval(() => {
    const now = performance.now()
    longestWaitMs = Math.max(longestWaitMs, now - last)
    last = now
  }, 1)
  const start = performance.now()
  try {
    const result = await work()
    const ms = performance.now() - start
    return { result, ms, longestWaitMs: Math.max(longestWaitMs, performance.now() - last) }
  } finally {
    clearInterval(timer)
  }
}
