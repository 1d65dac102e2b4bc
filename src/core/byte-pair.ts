/**
 * Byte-pair merging in O(n log n) per piece (E11.4). gpt-tokenizer merges by rescanning every pair
 * after each merge, O(n²) a piece, so one 1 MiB word held the process for minutes. This is the same
 * merge (the adjacent pair whose concatenation has the lowest rank first, leftmost on ties, as
 * tiktoken does) driven by a binary heap with stale entries skipped, over the encoding's own ranks:
 * each node holds its token's rank, so a candidate merge is one lookup in the pair table.
 *
 * Bytes travel as latin1 strings (one char a byte): an ASCII piece is its own byte string.
 */
import { NO_MERGE, type PairTable } from './pair-table.js'

/** A piece's byte string => token count, for the pieces seen most (words repeat). */
const PIECE_MEMO_SIZE = 65_536
/** Heap keys are rank * RANK_SCALE + start byte: pieces are far shorter than this. */
const RANK_SCALE = 1048576

export class BytePairEncoder {
  private readonly memo = new Map<string, number>()
  // Scratch arrays reused by every merge: the process is single-threaded and a merge never yields.
  private readonly byteRanks = new Int32Array(256)
  private starts = new Int32Array(256)
  /** Rank of each node's token. */
  private tokens = new Int32Array(256)
  private next = new Int32Array(256)
  private prev = new Int32Array(256)
  private heapRank = new Float64Array(512)
  private heapAt = new Int32Array(512)
  private heapEnd = new Int32Array(512)
  private heapSize = 0

  /** Rank of every two-byte token by its bytes (b0 << 8 | b1), -1 where none: most lookups are these. */
  private readonly pairRanks = new Int32Array(65536).fill(-1)

  constructor(private readonly ranks: ReadonlyMap<string, number>, private readonly pairs: PairTable) {
    for (const [bytes, rank] of ranks) {
      if (bytes.length === 1) this.byteRanks[bytes.charCodeAt(0)] = rank
      if (bytes.length === 2) this.pairRanks[(bytes.charCodeAt(0) << 8) | bytes.charCodeAt(1)] = rank
    }
  }

  /** Tokens of one piece (latin1 byte string). */
  count(bytes: string): number {
    if (bytes.length <= 1 || this.ranks.has(bytes)) return bytes.length === 0 ? 0 : 1
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
    for (let at = 0; at !== -1; at = this.next[at]!) ends.push(this.end(at, bytes.length))
    return ends
  }

  /** Merges `bytes` into tokens in the scratch list (head at 0); returns how many. */
  private merge(bytes: string): number {
    const n = bytes.length
    this.reserve(n)
    for (let i = 0; i < n; i++) {
      this.starts[i] = i
      this.tokens[i] = this.byteRanks[bytes.charCodeAt(i)]!
      this.next[i] = i + 1 < n ? i + 1 : -1
      this.prev[i] = i - 1
    }
    // The byte pairs go in unordered and are heapified once, in O(n).
    let size = 0
    if (n > this.heapRank.length) this.growHeap(n)
    for (let i = 0; i + 1 < n; i++) {
      const rank = this.pairRanks[(bytes.charCodeAt(i) << 8) | bytes.charCodeAt(i + 1)]!
      if (rank === -1) continue
      this.heapRank[size] = rank * RANK_SCALE + i
      this.heapAt[size] = i
      this.heapEnd[size] = i + 2
      size++
    }
    this.heapSize = size
    for (let i = (size >> 1) - 1; i >= 0; i--) this.siftDown(i, size)
    let parts = n
    while (this.heapSize > 0) {
      const at = this.heapAt[0]!
      const end = this.heapEnd[0]!
      const rank = Math.floor(this.heapRank[0]! / RANK_SCALE)
      this.pop()
      const after = this.next[at]!
      // Stale: `at` was merged into its left neighbour, or either side has grown since.
      if (this.starts[at] === -1 || after === -1 || this.end(after, n) !== end) continue
      const afterNext = this.next[after]!
      this.tokens[at] = rank
      this.starts[after] = -1
      this.next[at] = afterNext
      if (afterNext !== -1) {
        this.prev[afterNext] = at
        this.offer(at, this.end(afterNext, n))
      }
      const before = this.prev[at]!
      if (before !== -1) this.offer(before, end)
      parts--
    }
    return parts
  }

  private end(at: number, n: number): number {
    const after = this.next[at]!
    return after === -1 ? n : this.starts[after]!
  }

  /** Queues the pair starting at node `at` and ending at byte `end`, if the encoding has it. */
  private offer(at: number, end: number): void {
    const rank = this.pairs.get(this.tokens[at]!, this.tokens[this.next[at]!]!)
    if (rank !== NO_MERGE) this.push(rank, at, end)
  }

  private push(rank: number, at: number, end: number): void {
    // Ties on rank go to the leftmost pair, as in a left-to-right scan for the lowest rank.
    const key = rank * RANK_SCALE + this.starts[at]!
    let i = this.heapSize++
    if (i >= this.heapRank.length) this.growHeap(i + 1)
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (this.heapRank[parent]! <= key) break
      this.heapRank[i] = this.heapRank[parent]!
      this.heapAt[i] = this.heapAt[parent]!
      this.heapEnd[i] = this.heapEnd[parent]!
      i = parent
    }
    this.heapRank[i] = key
    this.heapAt[i] = at
    this.heapEnd[i] = end
  }

  private pop(): void {
    const size = --this.heapSize
    if (size === 0) return
    this.heapRank[0] = this.heapRank[size]!
    this.heapAt[0] = this.heapAt[size]!
    this.heapEnd[0] = this.heapEnd[size]!
    this.siftDown(0, size)
  }

  /** Moves the entry at `start` down to its place in a heap of `size` entries. */
  private siftDown(start: number, size: number): void {
    const key = this.heapRank[start]!
    const at = this.heapAt[start]!
    const end = this.heapEnd[start]!
    let i = start
    for (;;) {
      let child = 2 * i + 1
      if (child >= size) break
      if (child + 1 < size && this.heapRank[child + 1]! < this.heapRank[child]!) child++
      if (this.heapRank[child]! >= key) break
      this.heapRank[i] = this.heapRank[child]!
      this.heapAt[i] = this.heapAt[child]!
      this.heapEnd[i] = this.heapEnd[child]!
      i = child
    }
    this.heapRank[i] = key
    this.heapAt[i] = at
    this.heapEnd[i] = end
  }

  private reserve(n: number): void {
    if (n <= this.starts.length) return
    const size = Math.max(n, this.starts.length * 2)
    this.starts = new Int32Array(size)
    this.next = new Int32Array(size)
    this.prev = new Int32Array(size)
    this.tokens = new Int32Array(size)
  }

  private growHeap(least: number): void {
    const size = Math.max(least, this.heapRank.length * 2)
    const grow = <T extends Float64Array | Int32Array>(from: T, to: T): T => {
      to.set(from)
      return to
    }
    this.heapRank = grow(this.heapRank, new Float64Array(size))
    this.heapAt = grow(this.heapAt, new Int32Array(size))
    this.heapEnd = grow(this.heapEnd, new Int32Array(size))
  }
}
