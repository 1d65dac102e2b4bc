/**
 * The one error class the pure core throws. Its message is the interface: callers, the `mcp`
 * bridge and agents match on the exact text (every text comes from `messages.ts`).
 */
export class SkillsError extends Error {
  override readonly name = 'SkillsError'
}

/**
 * A SkillsError the caller caused: a field that breaks its rule, an unknown skill, a file the skill
 * does not have or may not serve. Same name and text as any SkillsError; `skills::rpc` answers it
 * as JSON-RPC -32602 and every other failure as -32603 (E2).
 */
export class InvalidParamsError extends SkillsError {}

/** A setting the process must not start with (an invalid view, E20.1; a token file others can read, E20.4). */
export class StartRefused extends Error {}

/** Throws an InvalidParamsError when `message` is defined: `checkParam(checkSkillPath(path))`. */
export function checkParam(message: string | undefined): void {
  if (message !== undefined) throw new InvalidParamsError(message)
}

/** Throws a SkillsError when `message` is defined: `check(validateId(id))`. */
export function check(message: string | undefined): void {
  if (message !== undefined) throw new SkillsError(message)
}

/** The message of anything thrown (an SDK InvocationError reads `code: message`). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
