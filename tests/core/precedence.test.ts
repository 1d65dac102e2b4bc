import { describe, expect, it } from 'vitest'
import { withoutShadowed } from '../../src/core/precedence.js'

const fs = [{ id: 'alpha' }, { id: 'beta' }, { id: 'team/gamma' }, { id: 'Delta' }]
const ids = (entries: Array<{ id: string }>) => entries.map((entry) => entry.id)

describe('withoutShadowed (state wins)', () => {
  it.each<[string, string[], string[]]>([
    ['keeps every fs entry when state is empty', [], ['alpha', 'beta', 'team/gamma', 'Delta']],
    ['drops fs entries whose key is in state, keeping order', ['beta', 'team/gamma'], ['alpha', 'Delta']],
    ['ignores state keys without an fs entry', ['zeta'], ['alpha', 'beta', 'team/gamma', 'Delta']],
    ['compares keys exactly (case-sensitive)', ['delta', 'ALPHA'], ['alpha', 'beta', 'team/gamma', 'Delta']],
    ['drops everything when state holds every key', ['alpha', 'beta', 'team/gamma', 'Delta'], []],
  ])('%s', (_case, stateKeys, kept) => {
    expect(ids(withoutShadowed(fs, (entry) => entry.id, new Set(stateKeys)))).toEqual(kept)
  })

  it('works on any key, such as prompt names', () => {
    const prompts = [{ name: 'open-pr' }, { name: 'static' }]
    expect(withoutShadowed(prompts, (p) => p.name, new Set(['static']))).toEqual([{ name: 'open-pr' }])
  })
})
