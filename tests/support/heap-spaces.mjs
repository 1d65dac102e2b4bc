// Preloaded with `node --import` (tests/e2e/stdio-v8-policy.test.ts): samples V8's heap spaces after
// every collection and writes the largest size each reached, as JSON, to HEAP_SPACES_FILE at exit.
import { writeFileSync } from 'node:fs'
import { PerformanceObserver } from 'node:perf_hooks'
import v8 from 'node:v8'

const largest = {}
const sample = () => {
  for (const space of v8.getHeapSpaceStatistics()) largest[space.space_name] = Math.max(largest[space.space_name] ?? 0, space.space_size)
}
new PerformanceObserver(sample).observe({ entryTypes: ['gc'] })
process.on('exit', () => {
  sample()
  if (process.env.HEAP_SPACES_FILE) writeFileSync(process.env.HEAP_SPACES_FILE, JSON.stringify(largest))
})
