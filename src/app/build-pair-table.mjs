/**
 * Writes the o200k pair table (src/core/pair-table.ts) beside the build, dist/src/core/o200k-pairs.bin,
 * built from the tsc output as the tokenizer would build it at its first long piece (about 0.6 s a
 * process, 12 MiB): a built process reads it instead (src/fs/pair-table-file.ts).
 * tests/core/pair-table-file.test.ts holds the file to what the sources build.
 *
 * Plain JavaScript run from the sources, like bundle.mjs.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const OUT = fileURLToPath(new URL('../../dist/src', import.meta.url))
const { buildPairTable } = await import(join(OUT, 'core/tokens.js'))
const { PAIR_TABLE_FILE } = await import(join(OUT, 'fs/pair-table-file.js'))
writeFileSync(PAIR_TABLE_FILE, (await buildPairTable()).bytes())
