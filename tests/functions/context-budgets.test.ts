/**
 * E7 through the handlers: skill::outline, sections by anchor in skill::fetch and
 * skills::resources-read, skill::fetch with max_tokens, and read_skill_file pages, on a 70 KB body.
 */
import { describe, expect, it } from 'vitest'
import { InvalidParamsError, SkillsError } from '../../src/core/errors.js'
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import { readProtocolSkillFile } from '../../src/functions/discovery.js'
import { fetchSkills } from '../../src/functions/fetch.js'
import { outlineSkill } from '../../src/functions/outline.js'
import { readResource } from '../../src/functions/resources.js'
import { parseInput } from '../../src/schemas/parse.js'
import { ReadSkillFileRequest } from '../../src/schemas/discovery.js'
import { largeMarkdown } from '../support/large-markdown.js'
import { fakeDeps, seedSkills, type FakeWorld } from './fake-deps.js'

/** The reference count (gpt-tokenizer's own o200k_base): the worker's counts must equal it on ordinary text. */
const tok = { count: (text: string) => countTokens(text, { disallowedSpecial: new Set() }) }
const large = largeMarkdown()

function world(): FakeWorld {
  const w = fakeDeps()
  seedSkills(w, { 'data/pipeline': large.text, other: '# Other\n\nSomething else.\n' })
  return w
}

const read = async (w: FakeWorld, input: object) =>
  (await readProtocolSkillFile(parseInput(ReadSkillFileRequest, input), w.deps)) as { content: string; next_cursor?: string }

describe('skill::outline', () => {
  it('gives the body tokens and every section with anchor, heading, level, exact tokens and line', async () => {
    const outline = await outlineSkill({ uri: 'iii://data/pipeline' }, world().deps)
    expect(outline).toEqual({
      uri: 'iii://data/pipeline',
      tokens: tok.count(large.text),
      sections: large.sections.map((s) => ({ anchor: s.anchor, heading: s.heading, level: s.level, tokens: tok.count(s.text), line: s.line })),
    })
    expect(outline.sections.filter((s) => s.heading === 'Examples').map((s) => s.anchor).slice(0, 3)).toEqual(['examples', 'examples-1', 'examples-2'])
  })

  it('fails as a read of the URI fails', async () => {
    await expect(outlineSkill({ uri: 'iii://missing' }, world().deps)).rejects.toThrow(new SkillsError('Skill not found: missing'))
  })
})

describe('sections by anchor', () => {
  it('serves exactly one section through skill::fetch, wrapped like any URI', async () => {
    const section = large.sections.find((s) => s.anchor === 'troubleshooting-common-errors-3')!
    expect(await fetchSkills({ uri: 'iii://data/pipeline#troubleshooting-common-errors-3' }, world().deps))
      .toBe(`# iii://data/pipeline#troubleshooting-common-errors-3\n\n${section.text.trimEnd()}`)
  })

  it('serves a section through skills::resources-read', async () => {
    const section = large.sections.find((s) => s.anchor === 'stage-2-load-batch-2-data')!
    expect(await readResource({ uri: 'iii://data/pipeline#stage-2-load-batch-2-data' }, world().deps)).toEqual({
      contents: [{ uri: 'iii://data/pipeline#stage-2-load-batch-2-data', mimeType: 'text/markdown', text: section.text.trimEnd() }],
    })
  })

  it('fails an unknown anchor with the E7 text', async () => {
    await expect(fetchSkills({ uri: 'iii://other#nope' }, world().deps)).rejects.toThrow(new SkillsError('Section not found: "nope" in iii://other; sections: other'))
  })

  it('changes nothing without #', async () => {
    expect(await fetchSkills({ uri: 'iii://other' }, world().deps)).toBe('# iii://other\n\n# Other\n\nSomething else.')
  })
})

describe('skill::fetch with max_tokens', () => {
  it('cuts at a block boundary within the budget and ends with the line that says how to read on', async () => {
    const w = world()
    const answer = await fetchSkills({ uri: 'iii://data/pipeline', max_tokens: 2000 }, w.deps)
    const full = `# iii://data/pipeline\n\n${large.text.trimEnd()}`
    const marker = /\[… (\d+) more tokens: fetch (iii:\/\/data\/pipeline#[a-z0-9-]+) or use skill::read_skill_file with cursor ([a-z0-9]+\.[A-Za-z0-9_-]{16})\]$/
    const match = marker.exec(answer)!
    expect(match).not.toBeNull()
    const content = answer.slice(0, match.index)
    expect(full.startsWith(content)).toBe(true)
    expect(tok.count(content)).toBeLessThanOrEqual(2000)
    expect(tok.count(answer)).toBeLessThanOrEqual(2060)
    expect(Number(match[1])).toBe(tok.count(full.slice(content.length)))
    // The anchor is the first heading after the cut; the cursor continues SKILL.md right there.
    const anchor = match[2]!.split('#')[1]!
    const next = large.sections.find((s) => s.anchor === anchor)!
    expect(large.text.indexOf(next.text)).toBeGreaterThanOrEqual(content.length - '# iii://data/pipeline\n\n'.length)
    const rest = await read(w, { name: 'data.pipeline', path: 'SKILL.md', cursor: match[3] })
    expect(content.slice('# iii://data/pipeline\n\n'.length) + rest.content).toBe(large.text)
  })

  it('answers exactly as without it when the text fits', async () => {
    expect(await fetchSkills({ uri: 'iii://other', max_tokens: 100 }, world().deps)).toBe('# iii://other\n\n# Other\n\nSomething else.')
  })
})

describe('skill::read_skill_file pages', () => {
  it('pages the file within max_tokens each, reassembling it byte for byte, next_cursor absent on the last page', async () => {
    const w = world()
    const pages: string[] = []
    let cursor: string | undefined
    for (;;) {
      const page = await read(w, { name: 'data.pipeline', path: 'SKILL.md', max_tokens: 1500, cursor })
      expect(tok.count(page.content)).toBeLessThanOrEqual(1500)
      pages.push(page.content)
      if (!('next_cursor' in page)) break
      cursor = page.next_cursor
    }
    expect(pages.length).toBeGreaterThan(5)
    expect(pages.join('')).toBe(large.text)
  })

  it('answers {content} alone, as before, without max_tokens and cursor', async () => {
    expect(await read(world(), { name: 'other', path: 'SKILL.md' })).toEqual({ content: '# Other\n\nSomething else.\n' })
  })

  it('fails Invalid cursor for a cursor of another file or of an older version', async () => {
    const w = world()
    const first = await read(w, { name: 'data.pipeline', path: 'SKILL.md', max_tokens: 500 })
    await expect(read(w, { name: 'other', path: 'SKILL.md', max_tokens: 500, cursor: first.next_cursor }))
      .rejects.toThrow(new InvalidParamsError('Invalid cursor'))
    seedSkills(w, { 'data/pipeline': `${large.text}\n## Added later\n` })
    await expect(read(w, { name: 'data.pipeline', path: 'SKILL.md', max_tokens: 500, cursor: first.next_cursor }))
      .rejects.toThrow(new InvalidParamsError('Invalid cursor'))
  })

  it('refuses a max_tokens below 16, naming the field', () => {
    expect(() => parseInput(ReadSkillFileRequest, { name: 'x', path: 'SKILL.md', max_tokens: 3 })).toThrow(/max_tokens/)
  })
})
