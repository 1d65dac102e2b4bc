/**
 * The hard floor (D2): internal namespaces that can never back a section URI or a prompt handler.
 * A plain, case-sensitive prefix test; `skill::fetch` is deliberately not hidden.
 */
export const HARD_FLOOR_PREFIXES = [
  'engine::', 'state::', 'stream::', 'iii.', 'iii::', 'mcp::', 'a2a::', 'skills::', 'prompts::',
] as const

export function isAlwaysHidden(functionId: string): boolean {
  return HARD_FLOOR_PREFIXES.some((prefix) => functionId.startsWith(prefix))
}
