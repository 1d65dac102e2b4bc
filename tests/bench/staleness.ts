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

// 'noise\n{"lagsMs":[1,2]}\n' => [1, 2]
export function parseStalenessOutput(stdout: string): number[] {
  const line = stdout.split('\n').find((l) => l.startsWith('{"lagsMs":'))
  if (line === undefined) throw new Error(`staleness probe printed no result: ${JSON.stringify(stdout.slice(0, 500))}`)
  const { lagsMs } = JSON.parse(line) as { lagsMs: unknown }
  if (!Array.isArray(lagsMs) || lagsMs.length === 0 || !lagsMs.every((x) => typeof x === 'number' && Number.isFinite(x) && x >= 0)) {
    throw new Error(`staleness probe printed a bad result: ${line}`)
  }
  return lagsMs as number[]
}
