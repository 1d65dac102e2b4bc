/**
 * resources/list's SKILL.md entries (E6.5) made from the worker's digest-less catalogue entries: a
 * settled catalogue entry (in process, the same frozen object on every page) gets the same settled
 * resource entry each time, with its JSON text for the stdio transport (E16.2).
 */
import { describe, expect, it } from 'vitest'
import { settleJsonBound, settledJsonText } from '../../src/core/limits.js'
import { skillMdPage } from '../../src/mcp/skills-extension.js'
import { fakeBackend } from './fake-backend.js'

const bare = (name: string) => ({ uri: `skill://${name}/SKILL.md`, frontmatter: { name, description: `Use ${name}.` } })

describe('skillMdPage entries', () => {
  it('reuses one settled entry, with its text, for a settled catalogue entry', async () => {
    const entry = settleJsonBound(bare('pdf'))
    const backend = fakeBackend({ handlers: { 'skills::sep-list': () => ({ skills: [entry], more: false }) } })
    const first = await skillMdPage(backend, undefined, 500)
    const second = await skillMdPage(backend, undefined, 500)
    expect(first.resources).toEqual([{ uri: 'skill://pdf/SKILL.md', name: 'pdf', description: 'Use pdf.', mimeType: 'text/markdown' }])
    expect(second.resources[0]).toBe(first.resources[0])
    expect(settledJsonText(first.resources[0]!)).toBe(JSON.stringify(first.resources[0]))
  })

  it('makes a fresh entry, without a text, for an entry that came by value', async () => {
    const backend = fakeBackend({ handlers: { 'skills::sep-list': () => ({ skills: [bare('pdf')], more: false }) } })
    const first = await skillMdPage(backend, undefined, 500)
    const second = await skillMdPage(backend, undefined, 500)
    expect(second.resources[0]).not.toBe(first.resources[0])
    expect(second.resources[0]).toEqual(first.resources[0])
    expect(settledJsonText(first.resources[0]!)).toBeUndefined()
  })
})
