/**
 * The o200k pair table `npm run build` writes (src/app/build-pair-table.mjs → dist/src/core/o200k-pairs.bin)
 * so a built process reads it instead of building it (about 0.6 s a process; E15.3's check threads each
 * built it): the file is what the sources build, and the tokenizer switches to it at its first long piece.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import { describe, expect, it } from 'vitest'
import { lettersAtRandom } from '../support/random-letters.js'
import { PAIR_TABLE_BYTES, PairTable } from '../../src/core/pair-table.js'
import { buildPairTable, tokenizer, usePrebuiltPairTable } from '../../src/core/tokens.js'
import { REPO_ROOT } from '../support/processes.js'

const built = buildPairTable()

describe('the prebuilt o200k pair table', () => {
  it('written by the build, is byte for byte what the sources build', async () => {
    const file = await readFile(join(REPO_ROOT, 'dist/src/core/o200k-pairs.bin'))
    expect(file.byteLength).toBe(PAIR_TABLE_BYTES)
    expect(Buffer.compare(file, Buffer.from((await built).bytes()))).toBe(0)
  })

  it('reads back as the same table, from any byte offset', async () => {
    const bytes = (await built).bytes()
    const shifted = new Uint8Array(bytes.byteLength + 1)
    shifted.set(bytes, 1)
    for (const copy of [bytes, shifted.subarray(1)]) {
      const table = PairTable.fromBytes(copy) as PairTable
      expect(Buffer.compare(Buffer.from(table.bytes()), Buffer.from(bytes))).toBe(0)
    }
  })

  it('refuses bytes that are not one: another size, format or byte order', async () => {
    const bytes = (await built).bytes()
    const wrongMagic = bytes.slice()
    wrongMagic[0] = 0
    const wrongOrder = bytes.slice()
    wrongOrder.set([1, 2, 3, 4], 8)
    expect([PairTable.fromBytes(bytes.subarray(0, bytes.byteLength - 4)), PairTable.fromBytes(wrongMagic), PairTable.fromBytes(wrongOrder)]).toEqual([undefined, undefined, undefined])
  })

  it('is what the tokenizer switches to at its first long piece, counting as the reference does', async () => {
    const bytes = (await built).bytes()
    let reads = 0
    usePrebuiltPairTable(() => {
      reads++
      return bytes
    })
    const tok = await tokenizer()
    // Words of random letters over 64 bytes are long pieces, which the pair table merges; up to the
    // run cap (tests/core/tokens.test.ts) the count is the reference's exactly.
    const texts = [100, 250, 399].map((length) => `${'word '.repeat(20)}${lettersAtRandom(length, 11)}`)
    for (const text of texts) expect(await tok.count(text)).toBe(countTokens(text, { disallowedSpecial: new Set<string>() }))
    expect(reads).toBe(1)
  })
})
