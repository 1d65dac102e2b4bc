/**
 * Rust sorts `String`s by their UTF-8 bytes; JS sorts by UTF-16 code units. The two disagree once
 * astral characters meet U+E000–U+FFFF, so listings that the engine sorts use this comparator.
 */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
}
