import { describe, expect, it } from 'vitest'
import { SearchBodies } from '../../src/functions/search-bodies.js'

describe('SearchBodies', () => {
  it('serves a body only under the stamp it was kept with', () => {
    const bodies = new SearchBodies(100)
    bodies.set('a', 's1', 'alpha')
    expect([bodies.get('a', 's1'), bodies.get('a', 's2'), bodies.get('b', 's1')]).toEqual(['alpha', undefined, undefined])
  })

  it('replaces a body kept under another stamp, and forgets a deleted one', () => {
    const bodies = new SearchBodies(100)
    bodies.set('a', 's1', 'alpha')
    bodies.set('a', 's2', 'alpha two')
    expect([bodies.get('a', 's1'), bodies.get('a', 's2')]).toEqual([undefined, 'alpha two'])
    bodies.delete('a')
    expect(bodies.get('a', 's2')).toBeUndefined()
  })

  it('keeps at most its size in characters, dropping the least recently used first', () => {
    const bodies = new SearchBodies(10)
    bodies.set('a', 's', 'aaaa')
    bodies.set('b', 's', 'bbbb')
    expect(bodies.get('a', 's')).toBe('aaaa')
    bodies.set('c', 's', 'cccc')
    expect([bodies.get('a', 's'), bodies.get('b', 's'), bodies.get('c', 's')]).toEqual(['aaaa', undefined, 'cccc'])
    bodies.set('d', 's', 'd'.repeat(11))
    expect(bodies.get('d', 's')).toBeUndefined()
  })
})
