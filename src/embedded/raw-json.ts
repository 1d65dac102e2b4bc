/**
 * A result already in JSON text: the engine writes it into the reply frame as it is, instead of
 * serialising a value tree. `state::list` of 10,000 skills is a 20 MB reply; building it from the
 * stored texts keeps the engine's event loop (the worker's too, in one `--embedded` process) free
 * of a 60 ms clone and stringify.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** The value itself, for callers in this process (they never see a RawJson). */
export function materialize(value: unknown): unknown {
  return value instanceof RawJson ? JSON.parse(value.text) : value
}

/** `JSON.stringify(frame)`, with a RawJson `result` spliced in as its text (it must be the last key). */
export function frameText(frame: object): string {
  const { result } = frame as { result?: unknown }
  if (!(result instanceof RawJson)) return JSON.stringify(frame)
  const { result: _, ...rest } = frame as Record<string, unknown>
  const head = JSON.stringify(rest)
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"result":${result.text}}`
}
