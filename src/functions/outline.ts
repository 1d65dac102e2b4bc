/**
 * `skill::outline` (E7.2): what an agent needs to decide what to read: the body's tokens, and each
 * heading with its anchor, level, line and the tokens of its section. Outlines are memoised by the
 * text they describe, so a repeated call pays for the read, not for tokenizing 70 KB again.
 */
import { createHash } from 'node:crypto'
import { sections } from '../core/outline.js'
import { tokenizer } from '../core/tokens.js'
import type { OutlineInput } from '../schemas/outline.js'
import type { Deps } from './deps.js'
import { resolveUri } from './resolve.js'

interface Outline {
  tokens: number
  sections: Array<{ anchor: string; heading: string; level: number; tokens: number; line: number }>
}

const MEMO_LIMIT = 256
const memo = new Map<string, Outline>()

export async function outlineSkill(input: OutlineInput, deps: Deps) {
  const { text } = await resolveUri(input.uri, deps)
  return { uri: input.uri, ...(await outlineOf(text)) }
}

export async function outlineOf(text: string): Promise<Outline> {
  const key = createHash('sha256').update(text).digest('base64')
  const known = memo.get(key)
  if (known !== undefined) return known
  const tok = await tokenizer()
  const outline: Outline = {
    tokens: tok.count(text),
    sections: sections(text).map((s) => ({
      anchor: s.anchor, heading: s.heading, level: s.level, tokens: tok.count(text.slice(s.start, s.end)), line: s.line,
    })),
  }
  memo.set(key, outline)
  if (memo.size > MEMO_LIMIT) memo.delete(memo.keys().next().value as string)
  return outline
}
