/**
 * E12.6: the server `instructions` of the full profile, both revisions: what it holds (the skill
 * count) and how to find and read it, each public function's tool named with its hint (E22.1), in at
 * most ~1,500 characters (messages.ts).
 * E19.3: `initialize` does not wait for the first scan. The count is asked for, and used when it comes
 * within COUNT_WAIT_MS (a catalogue already scanned answers in well under a millisecond); otherwise the
 * instructions say the same without the number, and the client's first listing waits for the scan.
 */
import { TOOL_FACES } from '../functions/index.js'
import * as msg from './messages.js'
import type { MethodContext } from './methods.js'

/** Every public function's tool, in registration order (E22.1: nothing listed by hand). */
const TOOLS: readonly msg.InstructedTool[] = [...TOOL_FACES.values()]

export const MAX_INSTRUCTIONS = 1500
export const COUNT_WAIT_MS = 20

/** Undefined on the bridge profile (upstream's initialize has none). */
export async function serverInstructions(ctx: Pick<MethodContext, 'skillIds'>): Promise<string | undefined> {
  if (ctx.skillIds === undefined) return undefined
  return msg.serverInstructions(await within(ctx.skillIds.count(), COUNT_WAIT_MS), TOOLS)
}

/** What `work` settles to within `ms`, else undefined (a failure is undefined too). */
async function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)))
  try {
    return await Promise.race([work.catch(() => undefined), late])
  } finally {
    clearTimeout(timer)
  }
}
