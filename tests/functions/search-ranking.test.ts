/** E14.3: what ranks a skill, each rule on a catalogue where it decides the order. */
import { describe, expect, it } from 'vitest'
import { searchSkills } from '../../src/functions/search.js'
import { FIELD, RANKING } from '../../src/functions/search-ranking.js'
import { fakeDeps, seedSkills } from './fake-deps.js'

async function ranked(skills: Record<string, string>, query: string): Promise<string[]> {
  const world = fakeDeps()
  seedSkills(world, skills)
  return (await searchSkills({ query, under: null, limit: 10 }, world.deps)).results.map((r) => r.id)
}

describe('skill::search ranking (E14.3)', () => {
  it('weighs a word found only in the path no more than the same word in the title', async () => {
    expect(RANKING.weights[FIELD.path]).toBeLessThanOrEqual(RANKING.weights[FIELD.title] as number)
    expect(RANKING.weights[FIELD.name]).toBeLessThanOrEqual(RANKING.weights[FIELD.title] as number)
    expect(await ranked({ 'ledger/notes': '# Notes\n\nSome text.\n', accounts: '# Ledger\n\nSome text.\n' }, 'ledger')).toEqual(['accounts', 'ledger/notes'])
  })

  it('ranks request words found together in one field above the same words in two', async () => {
    // Apart: the one word in the name and the title (and the body), the other in the description.
    const skills = { refund: '# Refund\n\nSend the invoice.\n\nA refund.\n', together: '# Payments\n\nRefund the invoice.\n' }
    expect(await ranked(skills, 'refund invoice')).toEqual(['together', 'refund'])
  })

  it('gives little weight to request words that say nothing about the task', async () => {
    const skills = { 'help-center': '# Help center\n\nUsing the help center.\n', refunds: '# Refunds\n\nRefund an order.\n' }
    expect(await ranked(skills, 'help me with a refund using the app')).toEqual(['refunds', 'help-center'])
    // Alone, such words still find what they name.
    expect(await ranked(skills, 'help')).toEqual(['help-center'])
  })

  it('normalises each field by its own average length (BM25F)', async () => {
    // The same word once in a short description and once in a long one: the short one says more.
    const long = `Refund ${'and other billing chores of every kind '.repeat(4)}.`
    expect(await ranked({ 'a-long': `# A\n\n${long}\n`, 'b-short': '# B\n\nRefund orders.\n' }, 'refund')).toEqual(['b-short', 'a-long'])
  })
})
