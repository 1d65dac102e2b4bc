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

  it('never answers from an older catalogue entry while a writer replaces them (concurrent pages and edits)', async () => {
    let version = 0
    const current = () => Array.from({ length: 50 }, (_, i) => settleJsonBound({ uri: `skill://s${i}/SKILL.md`, frontmatter: { name: `s${i}`, description: `v${version}` } }))
    let catalogue = current()
    const backend = fakeBackend({
      handlers: {
        'skills::sep-list': async () => {
          const served = catalogue
          await new Promise((resolve) => setImmediate(resolve))
          return { skills: served, more: false }
        },
      },
    })
    const writer = (async () => {
      for (let i = 0; i < 40; i++) {
        version++
        catalogue = current()
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    const pages = await Promise.all(Array.from({ length: 80 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i % 7))
      const before = version
      const page = await skillMdPage(backend, undefined, 500)
      return { before, after: version, descriptions: new Set(page.resources.map((r) => r.description)) }
    }))
    await writer
    for (const { before, after, descriptions } of pages) {
      // One version per page, never one older than the catalogue when the call began.
      expect(descriptions.size).toBe(1)
      const seen = Number(String([...descriptions][0]).slice(1))
      expect(seen).toBeGreaterThanOrEqual(before)
      expect(seen).toBeLessThanOrEqual(after)
    }
  })
})

