import { describe, expect, it } from 'vitest'
import { moreTokens } from '../../src/core/messages.js'
import { withClientToolName, withClientToolNames } from '../../src/mcp/agent-texts.js'

describe('the cut-off hint names the tool as the client sees it (E12.7)', () => {
  it('rewrites the marker core/messages.ts writes', () => {
    const text = `# Skill\n\nBody.\n${moreTokens(812, 'iii://a#usage', 'c1_x-Y')}`
    expect(withClientToolName(text)).toBe('# Skill\n\nBody.\n[… 812 more tokens: fetch iii://a#usage or use skill__read_skill_file with cursor c1_x-Y]')
  })

  it.each([
    ['a marker without a cursor', moreTokens(3, 'iii://a', undefined)],
    ['a skill that mentions the function id itself', 'Call skill::read_skill_file with a cursor to page.'],
    ['plain text', 'nothing to see'],
  ])('leaves %s as it is', (_what, text) => {
    expect(withClientToolName(text)).toBe(text)
  })

  it('rewrites every string of a result, nested ones included', () => {
    const marker = moreTokens(5, 'iii://b', 'k')
    expect(withClientToolNames({ content: [{ type: 'text', text: marker }], structuredContent: { text: marker }, n: 1 })).toEqual({
      content: [{ type: 'text', text: '[… 5 more tokens: fetch iii://b or use skill__read_skill_file with cursor k]' }],
      structuredContent: { text: '[… 5 more tokens: fetch iii://b or use skill__read_skill_file with cursor k]' },
      n: 1,
    })
  })
})
