/** `length` lowercase letters from a fixed 32-bit LCG: the same text every run, no real words. */
export function lettersAtRandom(length: number, seed = 7): string {
  let state = seed
  const codes = new Array<string>(length)
  for (let i = 0; i < length; i++) {
    // The LCG's high bits: its low bits repeat with a short period, which memos would catch.
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    codes[i] = String.fromCharCode(97 + ((state >>> 16) % 26))
  }
  return codes.join('')
}
