/**
 * How V8 runs a `--stdio` server (E16.1: peak RSS). One client talks to the process, at the pace of an
 * agent, so memory counts for more than the speed of hot loops:
 *
 * - the young generation stops growing at 4 MiB: V8 doubles it while a start allocates, to 16 MiB at
 *   17 skills and 128 MiB at 10,000, the largest part of the process's memory, for garbage that dies
 *   young either way;
 * - the start's short-lived garbage is collected once, just before the first answer goes out, so the
 *   client's first requests do not pay for a collection of it;
 * - without `--jit`, hot code is not handed to V8's optimising compilers (Maglev, TurboFan): their
 *   compile memory was about 20 MiB of a start at 1,000 skills. Interpreted and baseline code still
 *   answer every request well under a millisecond; what gets slower is heavy work (the first search
 *   over 10,000 skills builds its index in ~0.9 s instead of ~0.5 s). README "Performance" has the figures.
 *
 * V8 reads these flags when it decides, so they take effect when set after start.
 */
import { PerformanceObserver } from 'node:perf_hooks'
import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'

export const YOUNG_GENERATION_CAP_BYTES = 4 * 1024 * 1024

export interface StdioV8Policy {
  /** Call when the first answer is about to be written (the first call only does anything). */
  beforeFirstAnswer(): void
}

export function applyStdioV8Policy(options: { jit: boolean }): StdioV8Policy {
  if (!options.jit) v8.setFlagsFromString('--no-maglev --no-turbofan')
  capYoungGeneration(YOUNG_GENERATION_CAP_BYTES)
  let collect: (() => void) | undefined = youngCollector()
  return {
    beforeFirstAnswer() {
      collect?.()
      collect = undefined
    },
  }
}

function youngGenerationBytes(): number {
  return v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0
}

/**
 * Lets the young generation grow (V8 doubles it after a collection) until it holds `cap` bytes. V8
 * reports collections some time after they happen, so it may end one doubling above `cap`.
 */
export function capYoungGeneration(cap: number): void {
  const stopGrowing = () => v8.setFlagsFromString('--semi-space-growth-factor=1')
  if (youngGenerationBytes() >= cap) return stopGrowing()
  const afterCollections = new PerformanceObserver(() => {
    if (youngGenerationBytes() < cap) return
    stopGrowing()
    afterCollections.disconnect()
  })
  afterCollections.observe({ entryTypes: ['gc'] })
}

/** V8's own collector of the young generation, which only a context made while `--expose-gc` is set holds. */
function youngCollector(): () => void {
  v8.setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as (options: { type: 'minor' }) => void
  v8.setFlagsFromString('--no-expose-gc')
  return () => gc({ type: 'minor' })
}
