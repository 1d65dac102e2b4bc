/** Calls a worker instance is waiting on for one function id (src/functions/bounded-invoke.ts keeps them in Deps). */
import type { Deps } from '../../src/functions/deps.js'

export function inFlightCount(deps: Deps, functionId: string): number {
  return deps.inFlight?.get(functionId) ?? 0
}
