/**
 * E12.6: the server `instructions` of the full profile, both revisions: what it holds (the skill
 * count) and how to find and read it, each public function's tool named with its hint (E22.1), in at
 * most ~1,500 characters (messages.ts).
 */
import { TOOL_FACES } from '../functions/index.js'
import * as msg from './messages.js'
import type { MethodContext } from './methods.js'

/** Every public function's tool, in registration order (E22.1: nothing listed by hand). */
const TOOLS: readonly msg.InstructedTool[] = [...TOOL_FACES.values()]

export const MAX_INSTRUCTIONS = 1500

/** Undefined on the bridge profile (upstream's initialize has none). */
export async function serverInstructions(ctx: Pick<MethodContext, 'skillIds'>): Promise<string | undefined> {
  if (ctx.skillIds === undefined) return undefined
  return msg.serverInstructions(await ctx.skillIds.count(), TOOLS)
}
