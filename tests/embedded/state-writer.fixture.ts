/**
 * Child process for the crash test: an embedded engine persisting to argv[2] that rewrites state
 * as fast as it can and prints "ready" after the first write, until the parent SIGKILLs it.
 */
import { startEmbeddedEngine } from '../../src/embedded/index.js'

const engine = await startEmbeddedEngine({ stateFile: process.argv[2] })
const blob = 'x'.repeat(64 * 1024)
await engine.invoke('state::set', { scope: 'crash', key: 'k0', value: { n: 0, blob } })
await engine.flush()
process.stdout.write('ready\n')
for (let n = 1; ; n++) {
  await engine.invoke('state::set', { scope: 'crash', key: `k${n % 50}`, value: { n, blob } })
  if (n % 20 === 0) await new Promise((r) => setImmediate(r))
}
