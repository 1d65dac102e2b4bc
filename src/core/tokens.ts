/**
 * Token counts (E7.1, E11.4): one real tokenizer, `o200k_base`, never an estimate from characters.
 * The ranks come from gpt-tokenizer; the split (o200k-pieces.ts) and the merge (byte-pair.ts) are
 * the project's own, linear in the text whatever its shape, and a long text is counted in slices
 * so no other call waits behind it. The ranks are loaded on first use, in slices too, so a worker
 * that never counts does not pay for them. Text that looks like a special token (`<|endoftext|>`)
 * is counted as the plain text it is. Counts of long texts are memoised by the text.
 */
import { BytePairEncoder } from './byte-pair.js'
import { pieceBytes, pieceMatcher } from './o200k-pieces.js'
import { PairTable } from './pair-table.js'
import { TextMemo } from './text-memo.js'
import { SliceClock, inSlices } from './time-slices.js'

const MEMO_CHARS = 8 * 1024 * 1024
/** Texts shorter than this are counted directly: a lookup would cost about as much. */
const MEMO_MIN_CHARS = 2048
/** Pieces merged between two looks at the slice clock. */
const PIECES_PER_LOOK = 32

export interface Tokenizer {
  count(text: string): Promise<number>
  /** The longest prefix of `text` of at most `max` tokens (never splitting a character). */
  prefixWithin(text: string, max: number): Promise<string>
}

let loading: Promise<Tokenizer> | undefined
let prebuiltPairs: () => Uint8Array | undefined = () => undefined

/**
 * Where the pair table `npm run build` wrote can be read (fs/pair-table-file.ts; core reads no file
 * itself): when it gives one, a long piece switches to it at once instead of building it (about 0.6 s).
 */
export function usePrebuiltPairTable(read: () => Uint8Array | undefined): void {
  prebuiltPairs = read
}

export function tokenizer(): Promise<Tokenizer> {
  loading ??= import('gpt-tokenizer/bpeRanks/o200k_base').then(async ({ default: table }) => wrap(await rankMap(table)))
  return loading
}

/** The pair table of the encoding, built as a long piece would build it (for `npm run build` and its test). */
export async function buildPairTable(): Promise<PairTable> {
  const { default: table } = await import('gpt-tokenizer/bpeRanks/o200k_base')
  return PairTable.build(await rankMap(table))
}

/** The encoding's table (rank => text, or bytes where not UTF-8) as latin1 byte string => rank. */
async function rankMap(table: ReadonlyArray<string | readonly number[]>): Promise<Map<string, number>> {
  const ranks = new Map<string, number>()
  await inSlices(table, (value, rank) => {
    if (value === undefined) return
    ranks.set(typeof value === 'string' ? pieceBytes(value) : String.fromCharCode(...value), rank)
  })
  return ranks
}

function wrap(ranks: Map<string, number>): Tokenizer {
  const encoder = new BytePairEncoder(ranks)
  // The pair table makes long pieces (a long word) several times faster but takes ~0.6 s and 12 MiB
  // to build: once a long piece is met it is read from the build when there is one, else built in
  // slices, counts going on by the byte lookups meanwhile and switching to it when it is ready.
  // Ordinary text never needs it.
  encoder.onLongPiece = () => {
    encoder.onLongPiece = undefined
    const bytes = prebuiltPairs()
    const prebuilt = bytes === undefined ? undefined : PairTable.fromBytes(bytes)
    if (prebuilt !== undefined) encoder.pairs = prebuilt
    else void PairTable.build(ranks).then((pairs) => (encoder.pairs = pairs))
  }
  const memo = new TextMemo<Promise<number>>(MEMO_CHARS)

  /** Calls `each` on every piece of `text` with its offset, in slices; stops when it returns false. */
  const eachPiece = async (text: string, each: (piece: string, at: number) => boolean): Promise<void> => {
    const matcher = pieceMatcher()
    const clock = new SliceClock()
    let looked = 0
    for (let match = matcher.exec(text); match !== null; match = matcher.exec(text)) {
      if (!each(match[0], match.index)) return
      if (++looked % PIECES_PER_LOOK === 0 && clock.due) await clock.pause()
    }
  }

  const countNow = async (text: string): Promise<number> => {
    let total = 0
    await eachPiece(text, (piece) => {
      total += encoder.count(pieceBytes(piece))
      return true
    })
    return total
  }

  const count = (text: string): Promise<number> =>
    text.length < MEMO_MIN_CHARS ? countNow(text) : memo.get(text, () => countNow(text))

  const prefixWithin = async (text: string, max: number): Promise<string> => {
    let used = 0
    let end = 0
    await eachPiece(text, (piece, at) => {
      const bytes = pieceBytes(piece)
      const tokens = encoder.count(bytes)
      if (used + tokens <= max) {
        used += tokens
        end = at + piece.length
        return true
      }
      end = at + charsWithin(piece, bytes, encoder.tokenEnds(bytes).slice(0, max - used))
      return false
    })
    return text.slice(0, end)
  }

  return { count, prefixWithin }
}

/** Characters of `piece` covered by its first tokens (ending at `ends`), never half a character. */
function charsWithin(piece: string, bytes: string, ends: number[]): number {
  for (let k = ends.length - 1; k >= 0; k--) {
    const head = Buffer.from(bytes.slice(0, ends[k]), 'latin1').toString('utf8')
    if (piece.startsWith(head)) return head.length
  }
  return 0
}
