import { describe, expect, it } from 'vitest'
import { SkillsError } from '../../src/core/errors.js'
import { fetchSkills } from '../../src/functions/fetch.js'
import { fakeDeps, seedSkills, type FakeWorld } from './fake-deps.js'

function seeded(): FakeWorld {
  const world = fakeDeps()
  const rows: Record<string, string> = {
    alpha: '\n# alpha-skill\nAlpha body line.\n\n',
    beta: '# beta-skill\nBeta body line.',
    'a/b': 'nested \t\n',
  }
  seedSkills(world, rows)
  return world
}

describe('skills::fetch_skill / skill::fetch', () => {
  it.each<[string, { uri?: string | null; uris?: string[] | null }, string]>([
    ['one uri, body trimmed at the end only', { uri: 'iii://alpha' }, '# iii://alpha\n\n\n# alpha-skill\nAlpha body line.'],
    ['a uri trimmed with Rust whitespace (NEL)', { uri: '\u0085 iii://beta \n' }, '# iii://beta\n\n# beta-skill\nBeta body line.'],
    ['uris joined by ---, in input order', { uris: ['iii://beta', 'iii://a/b'] },
      '# iii://beta\n\n# beta-skill\nBeta body line.\n\n---\n\n# iii://a/b\n\nnested'],
    ['uris over uri when both are given', { uri: 'iii://alpha', uris: ['iii://beta'] }, '# iii://beta\n\n# beta-skill\nBeta body line.'],
    ['uri when uris is empty', { uri: 'iii://beta', uris: [] }, '# iii://beta\n\n# beta-skill\nBeta body line.'],
    ['uri when uris is null', { uri: 'iii://beta', uris: null }, '# iii://beta\n\n# beta-skill\nBeta body line.'],
    ['blank entries of uris dropped', { uris: ['  ', 'iii://beta', ''] }, '# iii://beta\n\n# beta-skill\nBeta body line.'],
  ])('answers a bare string for %s', async (_case, input, output) => {
    expect(await fetchSkills(input, seeded().deps)).toBe(output)
  })

  it.each<[string, { uri?: string | null; uris?: string[] | null }, string]>([
    ['no uri and no uris', {}, 'Provide uri or a non-empty uris array'],
    ['nulls', { uri: null, uris: null }, 'Provide uri or a non-empty uris array'],
    ['a blank uri', { uri: ' \t ' }, 'Provide uri or a non-empty uris array'],
    ['all-blank uris without falling back to uri', { uri: 'iii://alpha', uris: [' ', ''] }, 'Provide uri or a non-empty uris array'],
    ['a non-iii:// uri (trimmed in the message)', { uri: '  https://x.y  ' }, 'Invalid URI (must start with iii://): https://x.y'],
    ['the first non-iii:// entry of uris', { uris: ['iii://alpha', 'http://a', 'ftp://b'] }, 'Invalid URI (must start with iii://): http://a'],
    ['an unknown skill', { uri: 'iii://nope' }, 'Skill not found: nope'],
    ['the first failing uri in input order', { uris: ['iii://alpha', 'iii://missing-1', 'iii://missing-2'] }, 'Skill not found: missing-1'],
  ])('fails %s', async (_case, input, message) => {
    await expect(fetchSkills(input, seeded().deps)).rejects.toThrowError(new SkillsError(message))
  })

  it('validates the whole input before resolving anything', async () => {
    const world = seeded()
    await expect(fetchSkills({ uris: ['iii://alpha', 'nope'] }, world.deps)).rejects.toThrow('Invalid URI')
    expect(world.state.calls).toEqual([])
  })

  it('fetches the index and sections too, and never writes state or notifies', async () => {
    const world = fakeDeps({ subscribers: { skills: ['observer::skills'] } })
    world.functions.set('scope::echo', () => ({ count: 1 }))
    const text = await fetchSkills({ uris: ['iii://skills', 'iii://fn/scope/echo'] }, world.deps)
    expect(text).toMatch(/^# iii:\/\/skills\n\n# Skills\n\n/)
    expect(text.endsWith('\n\n---\n\n# iii://fn/scope/echo\n\n{\n  "count": 1\n}')).toBe(true)
    expect(world.state.calls.map((c) => c.op)).toEqual(['list'])
    expect(world.fanOut).toEqual([])
  })
})
