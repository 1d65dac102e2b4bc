/**
 * Token counts (E7.1): one real tokenizer, `o200k_base` from gpt-tokenizer, never an estimate from
 * characters. The encoding is loaded on first use (about 120 ms and 70 MiB), so a worker that never
 * counts does not pay for it. Text that looks like a special token (`<|endoftext|>`) is counted as the
 * plain text it is. Counts of long texts are memoised by the text (a count depends on nothing else).
 */
import { TextMemo } from './text-memo.js'

type Encoding = typeof import('gpt-tokenizer/encoding/o200k_base')

const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() }
const MEMO_CHARS = 8 * 1024 * 1024
/** Texts shorter than this are counted directly: a lookup would cost about as much. */
const MEMO_MIN_CHARS = 2048

export interface Tokenizer {
  count(text: string): number
  /** The longest prefix of `text` of at most `max` tokens (never splitting a character). */
  prefixWithin(text: string, max: number): string
}

let loading: Promise<Tokenizer> | undefined

export function tokenizer(): Promise<Tokenizer> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then(wrap)
  return loading
}

function wrap(encoding: Encoding): Tokenizer {
  const memo = new TextMemo<number>(MEMO_CHARS)
  const count = (text: string): number => text.length < MEMO_MIN_CHARS
    ? encoding.countTokens(text, AS_PLAIN_TEXT)
    : memo.get(text, () => encoding.countTokens(text, AS_PLAIN_TEXT))
  const prefixWithin = (text: string, max: number): string => {
    const tokens = encoding.encode(text, AS_PLAIN_TEXT)
    for (let n = Math.min(max, tokens.length); n > 0; n--) {
      const prefix = encoding.decode(tokens.slice(0, n))
      if (text.startsWith(prefix)) return prefix
    }
    return ''
  }
  return { count, prefixWithin }
}
