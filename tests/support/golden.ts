/**
 * Goldens: exact answers kept in files that the tests write, never a person (E22: a new field of an
 * answer means running one command, not re-pasting JSON). A test compares an answer's golden text
 * with its file, as exactly as `toEqual` / `deepStrictEqual` compared it inline; with
 * `UPDATE_GOLDENS=1` it writes the file from the answer instead, and `git diff` shows what changed.
 * vitest keeps them with `toMatchFileSnapshot` (tests/vitest.config.ts turns the variable into its
 * `update`), cucumber in features/goldens/ (features/support/goldens.ts).
 */

/** `UPDATE_GOLDENS=1`: rewrite every golden a test reaches from what the code answers. */
export const UPDATING_GOLDENS = process.env.UPDATE_GOLDENS === '1'

/**
 * A JSON value's golden text: keys sorted at every depth (a real iii engine may hand an object over
 * with its keys in another order, and the answers' key order was never part of these checks), 2-space
 * indent, a final newline. `{b: 1, a: [2]}` => `{\n  "a": [\n    2\n  ],\n  "b": 1\n}\n`
 */
export function goldenText(value: unknown): string {
  return `${JSON.stringify(value, (_key, v: unknown) => (isPlainObject(v) ? sortedKeys(v) : v), 2)}\n`
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

function sortedKeys(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, value[key]]))
}
