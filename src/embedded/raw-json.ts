/**
 * A result already in JSON, as UTF-8 pieces whose concatenation is the text: the engine writes it
 * into the reply frame as it is, instead of serialising a value tree. `state::list` of 10,000
 * skills is a 20 MB reply; sending the stored bytes as they are, never joined into one buffer or
 * string, keeps the engine's event loop (the worker's too, in one `--embedded` process) free of a
 * clone, a stringify and a 20 MB copy.
 */
export class RawJson {
  constructor(readonly pieces: readonly Buffer[]) {}

  get text(): string {
    return Buffer.concat(this.pieces).toString('utf8')
  }
}

/** The value itself, for callers in this process (they never see a RawJson). */
export function materialize(value: unknown): unknown {
  return value instanceof RawJson ? JSON.parse(value.text) : value
}

/**
 * A frame as JSON: one string, or, with a RawJson `result` (it must be the last key), UTF-8 pieces
 * with the result's spliced in.
 */
export function frameJson(frame: object): string | readonly Buffer[] {
  if (!hasRawResult(frame)) return JSON.stringify(frame)
  const { result, ...rest } = frame as { result: RawJson }
  const head = JSON.stringify(rest)
  return [Buffer.from(`${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"result":`), ...result.pieces, CLOSE]
}

const CLOSE = Buffer.from('}')

/** Whether a frame's `result` is a RawJson (only frameJson can write it). */
export function hasRawResult(frame: object): boolean {
  return (frame as { result?: unknown }).result instanceof RawJson
}

/** The text of what frameJson gives. */
export function jsonText(json: string | readonly Buffer[]): string {
  return typeof json === 'string' ? json : Buffer.concat(json).toString('utf8')
}

/** The whole text of a frame. */
export function frameText(frame: object): string {
  return jsonText(frameJson(frame))
}

/** The bytes of `pieces` in fragments of `size` bytes (the last one shorter), each copied once. */
export function* fragments(pieces: readonly Buffer[], size: number): Generator<Buffer> {
  let current: Buffer[] = []
  let length = 0
  for (let piece of pieces) {
    while (piece.length > 0) {
      const take = Math.min(size - length, piece.length)
      current.push(take === piece.length ? piece : piece.subarray(0, take))
      length += take
      piece = piece.subarray(take)
      if (length === size) {
        yield Buffer.concat(current, length)
        current = []
        length = 0
      }
    }
  }
  if (length > 0) yield Buffer.concat(current, length)
}
