/**
 * Every merge the encoding can make, as token pair => rank of their concatenation (E11.4): o200k
 * has 446,189 such pairs, held in an open-addressed table of typed arrays (12 MiB), so a candidate
 * merge costs two multiplications and a probe, never a string slice and a hash of it. Built once,
 * in slices, from the encoding's ranks: for every token, every split of its bytes into two tokens.
 * `npm run build` writes the built table to dist (bytes() → o200k-pairs.bin, src/app/build-pair-table.mjs),
 * so a built process loads it in milliseconds (fromBytes) instead of building it in about 0.6 s; a test
 * holds the file to what build() makes.
 */
import { inSlices } from './time-slices.js'

export const NO_MERGE = -1
const SLOTS = 1 << 20
const MASK = SLOTS - 1
/** The file's first 8 bytes: the format, and the byte order of the arrays that follow. */
const MAGIC = 'o200kPT1'
const ORDER_MARK = 0x01020304
const HEADER_BYTES = 16
/** The size of bytes(): the header, then lefts, rights and ranks. */
export const PAIR_TABLE_BYTES = HEADER_BYTES + 3 * 4 * SLOTS

export class PairTable {
  private constructor(
    private readonly lefts: Int32Array<ArrayBufferLike> = new Int32Array(SLOTS).fill(-1),
    private readonly rights: Int32Array<ArrayBufferLike> = new Int32Array(SLOTS),
    private readonly ranks: Int32Array<ArrayBufferLike> = new Int32Array(SLOTS),
  ) {}

  /** The table bytes() wrote, or undefined when `bytes` is not one (another format, size or byte order). */
  static fromBytes(bytes: Uint8Array): PairTable | undefined {
    if (bytes.byteLength !== PAIR_TABLE_BYTES || Buffer.from(bytes.buffer, bytes.byteOffset, MAGIC.length).toString('latin1') !== MAGIC) return undefined
    // The arrays need a 4-byte aligned offset: a Buffer from a file read may start anywhere in its pool.
    const aligned = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes)
    const view = (at: number) => new Int32Array(aligned.buffer, aligned.byteOffset + at, at === 8 ? 1 : SLOTS)
    if (view(8)[0] !== ORDER_MARK) return undefined
    return new PairTable(view(HEADER_BYTES), view(HEADER_BYTES + 4 * SLOTS), view(HEADER_BYTES + 8 * SLOTS))
  }

  /** The table as fromBytes() reads it. */
  bytes(): Uint8Array {
    const out = new Uint8Array(PAIR_TABLE_BYTES)
    out.set(Buffer.from(MAGIC, 'latin1'))
    new Int32Array(out.buffer, 8, 1)[0] = ORDER_MARK
    out.set(new Uint8Array(this.lefts.buffer, this.lefts.byteOffset, this.lefts.byteLength), HEADER_BYTES)
    out.set(new Uint8Array(this.rights.buffer, this.rights.byteOffset, this.rights.byteLength), HEADER_BYTES + 4 * SLOTS)
    out.set(new Uint8Array(this.ranks.buffer, this.ranks.byteOffset, this.ranks.byteLength), HEADER_BYTES + 8 * SLOTS)
    return out
  }

  static async build(ranks: ReadonlyMap<string, number>): Promise<PairTable> {
    const table = new PairTable()
    await inSlices([...ranks], ([bytes, rank]) => {
      for (let k = 1; k < bytes.length; k++) {
        const left = ranks.get(bytes.slice(0, k))
        if (left === undefined) continue
        const right = ranks.get(bytes.slice(k))
        if (right !== undefined) table.set(left, right, rank)
      }
    })
    return table
  }

  /** The rank of the token `left` then `right` make, or NO_MERGE. */
  get(left: number, right: number): number {
    for (let slot = slotOf(left, right); ; slot = (slot + 1) & MASK) {
      const found = this.lefts[slot]!
      if (found === -1) return NO_MERGE
      if (found === left && this.rights[slot] === right) return this.ranks[slot]!
    }
  }

  private set(left: number, right: number, rank: number): void {
    let slot = slotOf(left, right)
    while (this.lefts[slot] !== -1 && !(this.lefts[slot] === left && this.rights[slot] === right)) slot = (slot + 1) & MASK
    this.lefts[slot] = left
    this.rights[slot] = right
    this.ranks[slot] = rank
  }
}

// MurmurHash3's finaliser over the two ranks: neighbouring ranks land far apart.
function slotOf(left: number, right: number): number {
  let h = Math.imul(left, 0x9e3779b1) ^ right
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) & MASK
}
