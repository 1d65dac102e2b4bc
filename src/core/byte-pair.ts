/**
 * Byte-pair merging in O(n log n) per piece (E11.4). gpt-tokenizer merges by rescanning every pair
 * after each merge, O(n²) a piece, so one 1 MiB word held the process for minutes. This is the same
 * merge (the adjacent pair whose concatenation has the lowest rank first, leftmost on ties, as
 * tiktoken does) over the encoding's own ranks: each node holds its token's rank, so a candidate
 * merge is one lookup in the pair table.
 *
 * Candidates come from two queues, the lower key first: the piece's byte pairs, radix-sorted once
 * (they are half of all candidates and most go stale, so taking them off a sorted array instead of a
 * heap is what makes a long word cheap), and a binary heap of the pairs that merges make.
 *
 * Bytes travel as latin1 strings (one char a byte): an ASCII piece is its own byte string.
 */
import { NO_MERGE, type PairTable } from './pair-table.js'

/** A piece this long is where the pair table pays (a word of ordinary text is far shorter). */
const LONG_PIECE_BYTES = 64
/** A piece's byte string => token count, for the pieces seen most (words repeat). */
const PIECE_MEMO_SIZE = 65_536
/** Shorter pieces are merged again rather than memoised: that costs less than the memo's lookups. */
const MEMO_MIN_BYTES = 8
/**
 * Candidate keys are rank * RANK_SCALE + start byte, small integers (ranks are under 2^18, so keys
 * stay under 2^31): every piece is shorter than RANK_SCALE bytes (o200k-pieces.ts). A longer byte
 * string (none comes from the split) is counted in two halves.
 */
const RANK_SHIFT = 13
const RANK_SCALE = 1 << RANK_SHIFT
const START_MASK = RANK_SCALE - 1
/** The byte pairs are sorted by rank (18 bits) in two stable passes of 9 bits; ties stay by start. */
const DIGIT_BITS = 9
const DIGIT_MASK = (1 << DIGIT_BITS) - 1
/** Fewer keys than this are sorted in place: clearing the radix sort's counts would cost more. */
const INSERTION_SORT_MAX = 48

export class BytePairEncoder {
  private readonly memo = new Map<string, number>()
  // Scratch arrays reused by every merge: the process is single-threaded and a merge never yields.
  // Node i starts at byte i (nodes never move, a merge only unlinks the right one), so a node's
  // index is its start.
  private readonly byteRanks = new Int32Array(256)
  /** Rank of each node's token. */
  private tokens = new Int32Array(256)
  private next = new Int32Array(256)
  private prev = new Int32Array(256)
  /**
   * The rank of the merge queued for each node with its right neighbour, NO_MERGE when there is none
   * or the node is gone. A candidate whose rank is not this one is stale (the same rank from the same
   * start would be the same merge: a rank names the bytes).
   */
  private queued = new Int32Array(256)
  /** The piece's byte pairs as keys, sorted by key (`sorting` is the radix sort's other buffer). */
  private pairKeys = new Int32Array(256)
  private sorting = new Int32Array(256)
  private readonly digitCounts = new Int32Array(1 << DIGIT_BITS)
  /** The merges' new pairs as keys, a binary min-heap (at most two a merge, so 2n always fits). */
  private heap = new Int32Array(512)
  /** Rank of every two-byte token by its bytes (b0 << 8 | b1), -1 where none: most lookups are these. */
  private readonly pairRanks = new Int32Array(65536).fill(-1)

  /**
   * Every merge by token pair, once it is built (tokens.ts builds it in the background): until then a
   * candidate merge is looked up by its bytes in `ranks`, which gives the same rank, only slower.
   */
  pairs: PairTable | undefined
  /** Called on the first long piece merged without the pair table (tokens.ts then builds it). */
  onLongPiece: (() => void) | undefined

  constructor(private readonly ranks: ReadonlyMap<string, number>) {
    for (const [bytes, rank] of ranks) {
      if (bytes.length === 1) this.byteRanks[bytes.charCodeAt(0)] = rank
      if (bytes.length === 2) this.pairRanks[(bytes.charCodeAt(0) << 8) | bytes.charCodeAt(1)] = rank
    }
  }

  /** Tokens of one piece (latin1 byte string). */
  count(bytes: string): number {
    const n = bytes.length
    if (n <= 1) return n
    // Two bytes are one token or two: no map lookup (short pieces are most of base64 or code).
    if (n === 2) return this.pairRanks[(bytes.charCodeAt(0) << 8) | bytes.charCodeAt(1)] === NO_MERGE ? 2 : 1
    if (this.ranks.has(bytes)) return 1
    if (n < MEMO_MIN_BYTES) return this.merge(bytes)
    const known = this.memo.get(bytes)
    if (known !== undefined) return known
    const count = this.merge(bytes)
    if (this.memo.size >= PIECE_MEMO_SIZE) this.memo.clear()
    this.memo.set(bytes, count)
    return count
  }

  /** Byte offsets where each token of the piece ends, in order. */
  tokenEnds(bytes: string): number[] {
    if (bytes.length <= 1 || this.ranks.has(bytes)) return bytes.length === 0 ? [] : [bytes.length]
    this.merge(bytes)
    const ends: number[] = []
    for (let at = 0; at !== -1; at = this.next[at]!) ends.push(this.next[at] === -1 ? bytes.length : this.next[at]!)
    return ends
  }

  /** Merges `bytes` into tokens in the scratch list (head at 0); returns how many. */
  private merge(bytes: string): number {
    const n = bytes.length
    if (n >= RANK_SCALE) {
      const half = n >> 1
      return this.merge(bytes.slice(0, half)) + this.merge(bytes.slice(half))
    }
    if (n > LONG_PIECE_BYTES && this.pairs === undefined) this.onLongPiece?.()
    this.reserve(n)
    // Locals, not fields, in the loop: this is the hot path of a long word.
    const { tokens, next, prev, queued, pairKeys, heap, pairs } = this
    let pairCount = 0
    for (let i = 0; i < n; i++) {
      tokens[i] = this.byteRanks[bytes.charCodeAt(i)]!
      next[i] = i + 1 < n ? i + 1 : -1
      prev[i] = i - 1
      const rank = i + 1 < n ? this.pairRanks[(bytes.charCodeAt(i) << 8) | bytes.charCodeAt(i + 1)]! : NO_MERGE
      queued[i] = rank
      if (rank !== NO_MERGE) pairKeys[pairCount++] = (rank << RANK_SHIFT) | i
    }
    this.sortPairKeys(pairCount)
    let heapSize = 0
    let taken = 0
    let parts = n
    for (;;) {
      let key: number
      if (heapSize > 0 && (taken === pairCount || heap[0]! < pairKeys[taken]!)) {
        key = heap[0]!
        popMin(heap, --heapSize)
      } else if (taken < pairCount) key = pairKeys[taken++]!
      else break
      const rank = key >> RANK_SHIFT
      const at = key & START_MASK
      if (queued[at] !== rank) continue
      const after = next[at]!
      const afterNext = next[after]!
      tokens[at] = rank
      queued[after] = NO_MERGE
      next[at] = afterNext
      if (afterNext === -1) queued[at] = NO_MERGE
      else {
        prev[afterNext] = at
        const merged = pairs !== undefined ? pairs.get(rank, tokens[afterNext]!) : this.rankByBytes(bytes, at, afterNext)
        queued[at] = merged
        if (merged !== NO_MERGE) push(heap, heapSize++, (merged << RANK_SHIFT) | at)
      }
      const before = prev[at]!
      if (before !== -1) {
        const merged = pairs !== undefined ? pairs.get(tokens[before]!, rank) : this.rankByBytes(bytes, before, at)
        queued[before] = merged
        if (merged !== NO_MERGE) push(heap, heapSize++, (merged << RANK_SHIFT) | before)
      }
      parts--
    }
    return parts
  }

  /** Sorts the first `count` pair keys by rank, stably (they were written in start order). */
  private sortPairKeys(count: number): void {
    if (count <= INSERTION_SORT_MAX) return insertionSort(this.pairKeys, count)
    const counts = this.digitCounts
    let from = this.pairKeys
    let to = this.sorting
    // Two passes: the keys end where they started, in pairKeys.
    for (let shift = RANK_SHIFT; shift < RANK_SHIFT + 2 * DIGIT_BITS; shift += DIGIT_BITS) {
      counts.fill(0)
      for (let i = 0; i < count; i++) counts[(from[i]! >> shift) & DIGIT_MASK]!++
      for (let digit = 0, sum = 0; digit <= DIGIT_MASK; digit++) {
        const here = counts[digit]!
        counts[digit] = sum
        sum += here
      }
      for (let i = 0; i < count; i++) {
        const key = from[i]!
        to[counts[(key >> shift) & DIGIT_MASK]!++] = key
      }
      ;[from, to] = [to, from]
    }
  }

  /** The rank of the token that nodes `at` and `right` make, looked up by its bytes (no pair table yet). */
  private rankByBytes(bytes: string, at: number, right: number): number {
    const end = this.next[right]!
    return this.ranks.get(bytes.slice(at, end === -1 ? bytes.length : end)) ?? NO_MERGE
  }

  private reserve(n: number): void {
    if (n <= this.tokens.length) return
    const size = Math.max(n, this.tokens.length * 2)
    this.tokens = new Int32Array(size)
    this.next = new Int32Array(size)
    this.prev = new Int32Array(size)
    this.queued = new Int32Array(size)
    this.pairKeys = new Int32Array(size)
    this.sorting = new Int32Array(size)
    this.heap = new Int32Array(2 * size)
  }
}

/** Sorts the first `count` keys ascending (keys are distinct: each holds its start). */
function insertionSort(keys: Int32Array, count: number): void {
  for (let i = 1; i < count; i++) {
    const key = keys[i]!
    let j = i - 1
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!
      j--
    }
    keys[j + 1] = key
  }
}

/** Puts `key` at `from` or above in a binary min-heap, moving larger parents down. */
function push(heap: Int32Array, from: number, key: number): void {
  let i = from
  while (i > 0) {
    const parent = (i - 1) >> 1
    if (heap[parent]! <= key) break
    heap[i] = heap[parent]!
    i = parent
  }
  heap[i] = key
}

/**
 * Removes the top of a binary min-heap now `size` long, Floyd's way: the hole at the top goes down the
 * smaller child all the way (one comparison a level), then the last entry rises from there.
 */
function popMin(heap: Int32Array, size: number): void {
  if (size === 0) return
  const key = heap[size]!
  let i = 0
  for (let child = 1; child < size; child = 2 * i + 1) {
    if (child + 1 < size && heap[child + 1]! < heap[child]!) child++
    heap[i] = heap[child]!
    i = child
  }
  push(heap, i, key)
}
