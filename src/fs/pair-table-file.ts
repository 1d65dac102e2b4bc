/**
 * The o200k pair table `npm run build` writes beside the build (src/app/build-pair-table.mjs;
 * core/pair-table.ts says what it holds), read for the tokenizer (core/tokens.ts
 * usePrebuiltPairTable). From the tsc output (dist/src/fs) and from the bundle's chunks
 * (dist/src/bundle) alike, it is dist/src/core/o200k-pairs.bin; from the sources there is none, and
 * the tokenizer builds the table itself.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const PAIR_TABLE_FILE = fileURLToPath(new URL('../core/o200k-pairs.bin', import.meta.url))

/** The file's bytes, or undefined when there is none (or it cannot be read). */
export function readPairTableFile(): Uint8Array | undefined {
  try {
    return readFileSync(PAIR_TABLE_FILE)
  } catch {
    return undefined
  }
}
