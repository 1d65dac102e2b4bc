/**
 * The timing loops. Latency: one call at a time, the operation and its floor interleaved in small
 * rounds so both see the same machine state (GC, other processes, CPU frequency). Throughput: a
 * fixed number of calls in flight, completed calls over wall time.
 */
import { performance } from 'node:perf_hooks'
import { summarize, throughput, type LatencySummary } from './stats.js'

export type Call = () => Promise<unknown>

export interface Budget {
  /** Warm-up before timing: at least this many calls and at least `warmupMs`, so every process on the path is JIT-compiled. */
  warmupCalls: number
  warmupMs: number
  minSamples: number
  maxSamples: number
  /** Time budget of the latency phase for the operation and its floor together. */
  latencyMs: number
  concurrency: number
  throughputCalls: number
  throughputMs: number
}

export const FULL_BUDGET: Budget = {
  warmupCalls: 10,
  warmupMs: 1000,
  minSamples: 15,
  maxSamples: 3000,
  latencyMs: 6000,
  concurrency: 4,
  throughputCalls: 300,
  throughputMs: 2000,
}

export const QUICK_BUDGET: Budget = {
  warmupCalls: 3,
  warmupMs: 0,
  minSamples: 5,
  maxSamples: 40,
  latencyMs: 1500,
  concurrency: 4,
  throughputCalls: 40,
  throughputMs: 500,
}

const ROUND = 10

export interface Measured {
  latency: LatencySummary
  throughputPerS: number
}

/** Runs `call` at least `calls` times (at least once) and for at least `ms`; returns the last result. */
export async function warmUp(call: Call, calls: number, ms = 0): Promise<unknown> {
  const start = performance.now()
  let last: unknown
  for (let i = 0; i < Math.max(1, calls) || performance.now() - start < ms; i++) last = await call()
  return last
}

async function timed(call: Call, into: number[]): Promise<void> {
  const start = performance.now()
  await call()
  into.push(performance.now() - start)
}

export async function latencyPair(op: Call, floor: Call, budget: Budget): Promise<{ op: LatencySummary; floor: LatencySummary }> {
  const opSamples: number[] = []
  const floorSamples: number[] = []
  const start = performance.now()
  const more = () => opSamples.length < budget.minSamples ||
    (opSamples.length < budget.maxSamples && performance.now() - start < budget.latencyMs)
  while (more()) {
    for (let i = 0; i < ROUND && opSamples.length < budget.maxSamples; i++) await timed(op, opSamples)
    for (let i = 0; i < ROUND && floorSamples.length < opSamples.length; i++) await timed(floor, floorSamples)
  }
  return { op: summarize(opSamples), floor: summarize(floorSamples) }
}

export async function throughputOf(call: Call, budget: Budget): Promise<number> {
  let started = 0
  let done = 0
  const start = performance.now()
  const lane = async () => {
    while (started < budget.throughputCalls && (started < budget.concurrency || performance.now() - start < budget.throughputMs)) {
      started++
      await call()
      done++
    }
  }
  await Promise.all(Array.from({ length: budget.concurrency }, lane))
  return throughput(done, performance.now() - start)
}
