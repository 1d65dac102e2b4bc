/**
 * Token counts (E7.1): one real tokenizer, `o200k_base` from gpt-tokenizer, never an estimate from
 * characters. The encoding is loaded on first use (about 120 ms and 70 MiB), so a worker that never
 * counts does not pay for it. Text that looks like a special token (`<|endoftext|>`) is counted as the
 * plain text it is. Counts of one text are memoised by its SHA-256 (a count depends on nothing else).
 */
import { createHash } from 'node:crypto'

type Encoding = typeof import('gpt-tokenizer/encoding/o200k_base')

const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() }
const MEMO_LIMIT = 4096
/** Texts shorter than this are counted directly: hashing would cost about as much. */
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
  const memo = new Map<string, number>()
  const count = (text: string): number => {
    if (text.length < MEMO_MIN_CHARS) return encoding.countTokens(text, AS_PLAIN_TEXT)
    const key = createHash('sha256').update(text).digest('base64')
    const known = memo.get(key)
    if (known !== undefined) {
      memo.delete(key)
      memo.set(key, known)
      return known
    }
    const counted = encoding.countTokens(text, AS_PLAIN_TEXT)
    memo.set(key, counted)
    if (memo.size > MEMO_LIMIT) memo.delete(memo.keys().next().value as string)
    return counted
  }
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
