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

/** A piece this long is where the pair table pays (a word of ordinary text is far shorter). */
const LONG_PIECE_BYTES = 64
/** A piece's byte string => token count, for the pieces seen most (words repeat). */
const PIECE_MEMO_SIZE = 65_536
/**
 * Heap keys are rank * RANK_SCALE + start byte, small integers (ranks are under 2^18, so keys stay
 * under 2^31): every piece is shorter than RANK_SCALE bytes (o200k-pieces.ts). A longer byte string
 * (none comes from the split) is counted in two halves.
 */
const RANK_SHIFT = 13
const RANK_SCALE = 1 << RANK_SHIFT
const START_MASK = RANK_SCALE - 1

export class BytePairEncoder {
  private readonly memo = new Map<string, number>()
  // Scratch arrays reused by every merge: the process is single-threaded and a merge never yields.
  // Node i starts at byte i (nodes never move, a merge only unlinks the right one), so a node's
  // index is its start; `alive[i]` is 0 once i is merged into its left neighbour.
  private readonly byteRanks = new Int32Array(256)
  /** Rank of each node's token. */
  private tokens = new Int32Array(256)
  private next = new Int32Array(256)
  private prev = new Int32Array(256)
  private alive = new Uint8Array(256)
  /** The rank of the latest merge queued for each node with its right neighbour (NO_MERGE: none). */
  private queued = new Int32Array(256)
  /**
   * Candidate merges as rank * RANK_SCALE + start, a binary min-heap popped Floyd's way (most of
   * the work is popping): the lowest rank first, the leftmost
   * on ties. An entry is stale when its node is gone or a later merge was queued for it since (the
   * same rank from the same start would be the same merge: a rank names the bytes).
   */
  private heap = new Int32Array(512)
  private heapSize = 0
  /** Rank of every two-byte token by its bytes (b0 << 8 | b1), -1 where none: most lookups are these. */
  private readonly pairRanks = new Int32Array(65536).fill(-1)

  /**
   * Every merge by token pair, once it is built (tokens.ts builds it in the background): until then a
   * candidate merge is looked up by its bytes in `ranks`, which gives the same rank, only slower.
   */
  pairs: PairTable | undefined
  /** Called on the first long piece merged without the pair table (tokens.ts then builds it). */
  onLongPiece: (() => void) | undefined
  /** The piece being merged (for the lookups by bytes). */
  private bytes = ''

  constructor(private readonly ranks: ReadonlyMap<string, number>) {
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
    this.bytes = bytes
    this.reserve(n)
    const { tokens, next, prev, alive, queued } = this
    // The byte pairs go in unordered and are heapified once, in O(n).
    let size = 0
    for (let i = 0; i < n; i++) {
      tokens[i] = this.byteRanks[bytes.charCodeAt(i)]!
      next[i] = i + 1 < n ? i + 1 : -1
      prev[i] = i - 1
      alive[i] = 1
      const rank = i + 1 < n ? this.pairRanks[(bytes.charCodeAt(i) << 8) | bytes.charCodeAt(i + 1)]! : NO_MERGE
      queued[i] = rank
      if (rank !== NO_MERGE) this.heap[size++] = (rank << RANK_SHIFT) | i
    }
    this.heapSize = size
    for (let i = (size >> 1) - 1; i >= 0; i--) this.siftDown(i)
    let parts = n
    while (this.heapSize > 0) {
      const key = this.heap[0]!
      this.pop()
      const rank = key >> RANK_SHIFT
      const at = key & START_MASK
      const after = next[at]!
      if (alive[at] === 0 || after === -1 || queued[at] !== rank) continue
      const afterNext = next[after]!
      tokens[at] = rank
      alive[after] = 0
      next[at] = afterNext
      if (afterNext === -1) queued[at] = NO_MERGE
      else {
        prev[afterNext] = at
        this.offer(at, afterNext)
      }
      const before = prev[at]!
      if (before !== -1) this.offer(before, at)
      parts--
    }
    return parts
  }

  /** Queues the merge of node `at` with its right neighbour `right`, if the encoding has it. */
  private offer(at: number, right: number): void {
    const rank = this.pairs !== undefined
      ? this.pairs.get(this.tokens[at]!, this.tokens[right]!)
      : this.ranks.get(this.bytes.slice(at, this.next[right] === -1 ? this.bytes.length : this.next[right])) ?? NO_MERGE
    this.queued[at] = rank
    if (rank === NO_MERGE) return
    const i = this.heapSize++
    if (i >= this.heap.length) this.growHeap(i + 1)
    this.siftUp(i, (rank << RANK_SHIFT) | at)
  }

  /** Puts `key` at `from` or above, moving larger parents down. */
  private siftUp(from: number, key: number): void {
    const heap = this.heap
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
   * Floyd's pop: the hole at the top goes down the smaller child all the way (one comparison a
   * level), then the last entry rises from there (rarely more than a level or two).
   */
  private pop(): void {
    const heap = this.heap
    const size = --this.heapSize
    if (size === 0) return
    const key = heap[size]!
    let i = 0
    for (let child = 1; child < size; child = 2 * i + 1) {
      if (child + 1 < size && heap[child + 1]! < heap[child]!) child++
      heap[i] = heap[child]!
      i = child
    }
    this.siftUp(i, key)
  }

  /** Moves the entry at `start` down to its place in the heap. */
  private siftDown(start: number): void {
    const heap = this.heap
    const size = this.heapSize
    const key = heap[start]!
    let i = start
    for (;;) {
      let child = 2 * i + 1
      if (child >= size) break
      if (child + 1 < size && heap[child + 1]! < heap[child]!) child++
      if (heap[child]! >= key) break
      heap[i] = heap[child]!
      i = child
    }
    heap[i] = key
  }

  private reserve(n: number): void {
    if (n > this.tokens.length) {
      const size = Math.max(n, this.tokens.length * 2)
      this.tokens = new Int32Array(size)
      this.next = new Int32Array(size)
      this.prev = new Int32Array(size)
      this.alive = new Uint8Array(size)
      this.queued = new Int32Array(size)
    }
    if (n > this.heap.length) this.growHeap(n)
  }

  private growHeap(least: number): void {
    const grown = new Int32Array(Math.max(least, this.heap.length * 2))
    grown.set(this.heap)
    this.heap = grown
  }
}
