/**
 * How V8 runs a `--stdio` server (E16.1: peak RSS). One client talks to the process, at the pace of an
 * agent, so memory counts for more than the speed of hot loops:
 *
 * - the young generation stops growing at 16 MiB: V8 grows it to 128 MiB over 10,000 skills, the
 *   largest part of the process's memory, for garbage that dies young either way;
 * - without `--jit`, hot code is not handed to V8's optimising compilers (Maglev, TurboFan): their
 *   compile memory was about 20 MiB of a start at 1,000 skills. Interpreted and baseline code still
 *   answer every request well under a millisecond; what gets slower is the heavy work (the first search
 *   over 10,000 skills builds its index in ~0.9 s instead of ~0.5 s). README "Performance" has the figures.
 *
 * V8 reads these flags when it decides, so they take effect when set after start.
 */
import { PerformanceObserver } from 'node:perf_hooks'
import v8 from 'node:v8'

export const YOUNG_GENERATION_CAP_BYTES = 16 * 1024 * 1024

export function applyStdioV8Policy(options: { jit: boolean }): void {
  if (!options.jit) v8.setFlagsFromString('--no-maglev --no-turbofan')
  capYoungGeneration(YOUNG_GENERATION_CAP_BYTES)
}

function youngGenerationBytes(): number {
  return v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0
}

/** Lets the young generation grow (V8 doubles it after a collection) until it holds `cap` bytes. */
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
