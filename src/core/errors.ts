/**
 * The one error class the pure core throws. Its message is the interface: callers, the `mcp`
 * bridge and agents match on the exact text (every text comes from `messages.ts`).
 */
export class SkillsError extends Error {
  override readonly name = 'SkillsError'
}

/** Throws a SkillsError when `message` is defined: `check(validateId(id))`. */
export function check(message: string | undefined): void {
  if (message !== undefined) throw new SkillsError(message)
}

/** The message of anything thrown (an SDK InvocationError reads `code: message`). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
