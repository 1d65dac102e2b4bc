/**
 * Every merge the encoding can make, as token pair => rank of their concatenation (E11.4): o200k
 * has 446,189 such pairs, held in an open-addressed table of typed arrays (12 MiB), so a candidate
 * merge costs two multiplications and a probe, never a string slice and a hash of it. Built once,
 * in slices, from the encoding's ranks: for every token, every split of its bytes into two tokens.
 */
import { inSlices } from './time-slices.js'

export const NO_MERGE = -1
const SLOTS = 1 << 20
const MASK = SLOTS - 1

export class PairTable {
  private readonly lefts = new Int32Array(SLOTS).fill(-1)
  private readonly rights = new Int32Array(SLOTS)
  private readonly ranks = new Int32Array(SLOTS)

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
