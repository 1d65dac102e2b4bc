/**
 * Fails the running test when anything in this process (the worker, the embedded engine, the SDK
 * clients) leaves a promise rejection unhandled or throws an uncaught exception. Import it from a
 * test file; the listeners are installed once per process and checked after every test and once
 * more after the file's own cleanup hooks (vitest runs after-hooks in reverse, so this runs last).
 */
import { afterAll, afterEach, expect } from 'vitest'

const INSTALLED = Symbol.for('skills.tests.no-unhandled')
type Collector = { seen: string[] }
const registry = globalThis as typeof globalThis & { [INSTALLED]?: Collector }

function install(): Collector {
  const existing = registry[INSTALLED]
  if (existing !== undefined) return existing
  const collector: Collector = { seen: [] }
  process.on('unhandledRejection', (reason) => collector.seen.push(`unhandledRejection: ${describe(reason)}`))
  process.on('uncaughtException', (error) => collector.seen.push(`uncaughtException: ${describe(error)}`))
  registry[INSTALLED] = collector
  return collector
}

function describe(value: unknown): string {
  return value instanceof Error ? (value.stack ?? value.message) : String(value)
}

const collector = install()

async function expectNoneSeen(): Promise<void> {
  // Let rejections of promises dropped during the test surface first.
  await new Promise((resolve) => setImmediate(resolve))
  expect(collector.seen.splice(0)).toEqual([])
}

afterEach(expectNoneSeen)
afterAll(expectNoneSeen)

