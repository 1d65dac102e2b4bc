/**
 * `skill::outline` (E7.2): what an agent needs to decide what to read: the body's tokens, and each
 * heading with its anchor, level, line and the tokens of its section. Outlines are memoised by the
 * text they describe (TextMemo), so a repeated call pays for the read, not for tokenizing 70 KB again.
 */
import { sections, TextMemo, tokenizer, III_URI_PREFIX } from '../core/index.js'
import { OutlineInput, OutlineOutput, OutlineSection } from '../schemas/index.js'
import { defineFunction, READ_ONLY } from './define.js'
import type { Deps } from './deps.js'
import { resolveUri } from './resolve.js'

interface Outline {
  tokens: number
  sections: Array<{ anchor: string; heading: string; level: number; tokens: number; line: number }>
}

const memo = new TextMemo<Promise<Outline>>(8 * 1024 * 1024)

export const skillOutline = defineFunction({
  id: 'skill::outline',
  description: 'The outline of a skill before reading it: every heading with its anchor, level, line and tokens, and the ' +
    `tokens of the whole body. Fetch one section with ${III_URI_PREFIX}<id>#<anchor>.`,
  input: { schema: OutlineInput, schemaTitle: 'OutlineInput' },
  output: { schema: OutlineOutput, schemaTitle: 'OutlineOutput', definitions: { OutlineSection } },
  tool: { title: 'Outline skill', annotations: READ_ONLY, role: 'read', hint: 'its headings' },
}, outlineSkill)

export async function outlineSkill(input: OutlineInput, deps: Deps) {
  const { text } = await resolveUri(input.uri, deps)
  return { uri: input.uri, ...(await outlineOf(text)) }
}

function outlineOf(text: string): Promise<Outline> {
  return memo.get(text, async () => {
    const tok = await tokenizer()
    const outline: Outline = { tokens: await tok.count(text), sections: [] }
    for (const s of sections(text)) {
      outline.sections.push({
        anchor: s.anchor, heading: s.heading, level: s.level, tokens: await tok.count(text.slice(s.start, s.end)), line: s.line,
      })
    }
    return outline
  })
}
