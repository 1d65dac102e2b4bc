/**
 * Large call results decoded a slice at a time (E8.3). The iii SDK decodes every frame with one
 * `JSON.parse` in the socket's turn of the event loop: a `state::list` of 10,000 skills is a 20 MB
 * frame, and decoding it whole held the worker for 40–70 ms (with the garbage it leaves), so every
 * other call waited behind a listing refresh or a search index build. A frame over
 * LARGE_FRAME_BYTES that is an `invocationresult` whose `result` is an array (the last key) is split
 * into its elements by a scan that jumps from string to string, each element parsed on its own, a
 * few ms at a time, and the array handed to the SDK's own result path. Any other frame, or one the
 * scan does not recognise, goes through the SDK unchanged. Large frames are delivered in the order
 * they arrived; smaller frames are not held back behind them (results of different calls are
 * independent, and a listing that arrives late is only the more conservative about freshness:
 * engine/listing-cache.ts dates a listing by when it was requested).
 */
import type { IIIClient } from 'iii-sdk'
import { inSlices, SliceClock } from '../core/index.js'

/** Frames at least this long are decoded in slices. */
export const LARGE_FRAME_BYTES = 1 << 20

/** The SDK's own entry points (iii-sdk 0.22: `onMessage` is bound when the socket opens). */
interface SdkInternals {
  onMessage(data: unknown): void
  onInvocationResult(invocationId: string, result: unknown, error: unknown): void
}

/** Installs the sliced decoding on `client` before its socket opens; a no-op on an SDK without these entry points. */
export function decodeLargeResultsInSlices(client: IIIClient): void {
  const sdk = client as unknown as Partial<SdkInternals>
  if (typeof sdk.onMessage !== 'function' || typeof sdk.onInvocationResult !== 'function') return
  const passOn = sdk.onMessage.bind(client)
  const deliver = sdk.onInvocationResult.bind(client)
  let queue: Promise<void> = Promise.resolve()
  sdk.onMessage = (data: unknown) => {
    const frame = Buffer.isBuffer(data) && data.length >= LARGE_FRAME_BYTES ? arrayResultFrame(data) : undefined
    if (frame === undefined) return passOn(data)
    queue = queue.then(() => decodeArray(data as Buffer, frame)).then(
      (result) => (result === undefined ? passOn(data) : deliver(frame.invocationId, result, undefined)),
      () => passOn(data),
    )
  }
}

interface ArrayResultFrame {
  invocationId: string
  /** Byte offset of the array's `[`. */
  arrayStart: number
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
/** `{"type":"invocationresult"`, then string or null fields, then `"result":[`; the frame must end `]}`. */
const HEAD = /^\{"type":"invocationresult"((?:,"[a-z_]+":(?:"(?:[^"\\]|\\.)*"|null))*),"result":\[/
const HEAD_BYTES = 2048

export function arrayResultFrame(data: Buffer): ArrayResultFrame | undefined {
  const head = HEAD.exec(data.toString('latin1', 0, Math.min(HEAD_BYTES, data.length)))
  if (head === null || data[data.length - 2] !== 0x5d || data[data.length - 1] !== 0x7d) return undefined
  const fields = JSON.parse(`{${(head[1] ?? '').slice(1)}}`) as Record<string, unknown>
  if (typeof fields.invocation_id !== 'string' || 'error' in fields) return undefined
  return { invocationId: fields.invocation_id, arrayStart: head[0].length - 1 }
}

/**
 * The array at `frame.arrayStart`, each element parsed on its own in slices; undefined when the
 * array does not close exactly at the frame's last `]` (then the frame is not what it seemed).
 */
export async function decodeArray(data: Buffer, frame: ArrayResultFrame): Promise<unknown[] | undefined> {
  const bounds = await elementBounds(data, frame.arrayStart + 1)
  if (bounds === undefined) return undefined
  const values: unknown[] = []
  await inSlices(bounds, ([from, to]) => values.push(JSON.parse(data.toString('utf8', from, to))))
  return values
}

/**
 * Where each element of the array starting at `from` lies, as [from, to) byte ranges; a string is
 * skipped with one `indexOf` per quote, so only the bytes between strings are looked at one by one.
 */
async function elementBounds(data: Buffer, from: number): Promise<Array<[number, number]> | undefined> {
  const bounds: Array<[number, number]> = []
  const end = data.length - 2
  let depth = 0
  let start = from
  let at = from
  const clock = new SliceClock()
  while (at <= end) {
    if (clock.due) await clock.pause()
    for (let steps = 0; steps < 4096 && at <= end; steps++) {
      const byte = data[at] as number
      if (byte === QUOTE) {
        const close = closingQuote(data, at)
        if (close < 0) return undefined
        at = close + 1
        continue
      }
      if (byte === 0x7b || byte === 0x5b) depth++
      else if (byte === 0x7d || byte === 0x5d) {
        if (depth === 0) {
          if (at !== end) return undefined
          const blank = data.subarray(start, at).every(isJsonSpace)
          // `[]` has no element; `[1,]` is not JSON.
          if (blank) return bounds.length === 0 ? bounds : undefined
          bounds.push([start, at])
          return bounds
        }
        depth--
      } else if (byte === 0x2c && depth === 0) {
        bounds.push([start, at])
        start = at + 1
      }
      at++
    }
  }
  return undefined
}

/** The index of the quote closing the string opened at `open`; -1 when there is none. */
function closingQuote(data: Buffer, open: number): number {
  let at = data.indexOf(QUOTE, open + 1)
  while (at >= 0) {
    let backslashes = 0
    while (data[at - 1 - backslashes] === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return at
    at = data.indexOf(QUOTE, at + 1)
  }
  return -1
}

function isJsonSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09
}
