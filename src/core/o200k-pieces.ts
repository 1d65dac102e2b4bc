/**
 * How `o200k_base` splits text into pieces before merging (E11.4), with every run bounded.
 *
 * The encoding's own pattern has unbounded runs (`\p{L}+`, `\s+`, `[^\s\p{L}\p{N}]+`), so a 1 MiB
 * word is one 1 MiB piece, and `\s*[\r\n]+` backtracks over a long run of spaces once per start:
 * both quadratic. Here each run is capped at MAX_RUN characters. A text whose runs are all shorter
 * splits exactly as the encoding's pattern splits it, so its count is exact; a longer run (never a
 * word of any language, a line of indentation or a Markdown rule) is cut into MAX_RUN-long pieces,
 * merged on their own, which is within a token or two a piece of what the unbounded merge gives.
 */

/**
 * No run in the 8,000 text files of shared/corpora is longer than 330 characters, so every count
 * there is exact; a shorter cap makes each merge's heap shallower (a 1 MiB word of random letters
 * is counted 8% faster at 400 than at 1,000). With runs of at most 400 no piece reaches 8,192 UTF-8
 * bytes (two runs of 4-byte letters and a few more), which the merge's integer heap keys rely on.
 */
const MAX_RUN = 400
/** Every piece is shorter than this many UTF-8 bytes (see MAX_RUN). */
export const MAX_PIECE_BYTES = 8192

const CONTRACTION = String.raw`(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?`
const UPPER = String.raw`[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`
const LOWER = String.raw`[\p{Ll}\p{Lm}\p{Lo}\p{M}]`
const N = MAX_RUN

/** gpt-tokenizer's O200K_TOKEN_SPLIT_PATTERN with each `+` / `*` bounded to {0|1,MAX_RUN}. */
const PIECE_PATTERN = [
  String.raw`[^\r\n\p{L}\p{N}]?${UPPER}{0,${N}}${LOWER}{1,${N}}${CONTRACTION}`,
  String.raw`[^\r\n\p{L}\p{N}]?${UPPER}{1,${N}}${LOWER}{0,${N}}${CONTRACTION}`,
  String.raw`\p{N}{1,3}`,
  String.raw` ?[^\s\p{L}\p{N}]{1,${N}}[\r\n/]{0,${N}}`,
  String.raw`\s{0,${N}}[\r\n]{1,${N}}`,
  String.raw`\s{1,${N}}(?!\S)`,
  String.raw`\s{1,${N}}`,
].join('|')

/** A fresh sticky-free global matcher (each caller keeps its own `lastIndex`). */
export function pieceMatcher(): RegExp {
  return new RegExp(PIECE_PATTERN, 'gu')
}

/** The UTF-8 bytes of `piece` as a latin1 string (one char a byte); ASCII is returned as is. */
export function pieceBytes(piece: string): string {
  for (let i = 0; i < piece.length; i++) {
    if (piece.charCodeAt(i) > 0x7f) return Buffer.from(piece, 'utf8').toString('latin1')
  }
  return piece
}
