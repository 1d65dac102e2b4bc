import { describe, expect, it } from 'vitest'
import { skillBody } from './fixtures.js'
import { proseFor, topicsOf, TOPICS } from './prose.js'

describe('bench prose', () => {
  it('is the same text on every call and at least as long as asked', () => {
    expect(proseFor(42, 500)).toBe(proseFor(42, 500))
    expect(proseFor(42, 500).length).toBeGreaterThanOrEqual(500)
    expect(proseFor(42, 500)).not.toBe(proseFor(43, 500))
  })

  it('keeps skill bodies at their exact size, title and first paragraph', () => {
    const body = skillBody(7, 2048)
    expect(Buffer.byteLength(body)).toBe(2048)
    expect(body.startsWith('# Skill 7\n\nSkill 7 tells an agent how to look up, reconcile and correct the records of workflow 7; ')).toBe(true)
  })

  it('writes about the skill\'s own three topics, each topic word in about 1 skill in 80', () => {
    expect(new Set(TOPICS).size).toBe(240)
    const text = proseFor(5, 2000)
    for (const topic of topicsOf(5)) expect(text).toContain(topic)
    const skillsWith = (word: string) => Array.from({ length: 2400 }, (_, i) => i).filter((i) => topicsOf(i).includes(word as never)).length
    expect(skillsWith('refund')).toBe(30)
    expect(skillsWith('invoice')).toBe(30)
  })
})
