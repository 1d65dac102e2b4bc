/**
 * The collision policy (§6.7): state always wins. An fs entry whose id (skills) or name (prompts)
 * also exists in state is never listed, rendered or served.
 */
export function withoutShadowed<T>(fsEntries: T[], keyOf: (entry: T) => string, stateKeys: ReadonlySet<string>): T[] {
  return fsEntries.filter((entry) => !stateKeys.has(keyOf(entry)))
}
