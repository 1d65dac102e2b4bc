/**
 * The cross-instance staleness runs of the bench: which topologies, how many writes each, and how
 * the child's answer is read (staleness-process.ts prints one JSON line among whatever else the SDK
 * writes on stdout).
 */

export interface StalenessTopology {
  /** The argument staleness-process.ts takes. */
  arg: 'on' | 'slow' | 'off'
  label: string
  samples: number
  quickSamples: number
}

// With triggers off every write waits for a refresh (up to max_staleness_ms), hence fewer samples.
export const STALENESS_TOPOLOGIES: StalenessTopology[] = [
  { arg: 'on', label: 'state triggers on', samples: 200, quickSamples: 10 },
  { arg: 'slow', label: 'state triggers on, a 100 ms subscriber bound first', samples: 60, quickSamples: 5 },
  { arg: 'off', label: 'state triggers off (triggers_enabled: false)', samples: 40, quickSamples: 5 },
]

export interface StalenessSample {
  /** From the write's acknowledgement to the start of the first listing through the other instance that showed it. */
  lagMs: number
  /** From the acknowledgement to the start of the last listing that still missed it (0: none did). */
  staleMs: number
}

// 'noise\n{"samples":[{"lagMs":1,"staleMs":0}]}\n' => [{lagMs: 1, staleMs: 0}]
export function parseStalenessOutput(stdout: string): StalenessSample[] {
  const line = stdout.split('\n').find((l) => l.startsWith('{"samples":'))
  if (line === undefined) throw new Error(`staleness probe printed no result: ${JSON.stringify(stdout.slice(0, 500))}`)
  const { samples } = JSON.parse(line) as { samples: unknown }
  const valid = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x >= 0
  if (!Array.isArray(samples) || samples.length === 0 ||
    !samples.every((s: { lagMs?: unknown; staleMs?: unknown } | null) => valid(s?.lagMs) && valid(s?.staleMs))) {
    throw new Error(`staleness probe printed a bad result: ${line}`)
  }
  return samples as StalenessSample[]
}
