import { describe, expect, it } from 'vitest'
import { FUNCTIONS } from '../../src/functions/registry.js'
import { fakeDeps } from './fake-deps.js'
import { HANDLERS } from '../support/handlers.js'

describe('HANDLERS', () => {
  it('has one handler per registered function id, in registration order', () => {
    expect(Object.keys(HANDLERS)).toEqual(FUNCTIONS.map((f) => f.id))
  })

  it('serves skill::fetch and skills::fetch_skill identically', async () => {
    const { deps, state } = fakeDeps()
    state.rows('skills').set('a', { id: 'a', skill: 'body', registered_at: 't' })
    const input = { uri: 'iii://a', uris: null }
    expect(await HANDLERS['skill::fetch']?.(input, deps)).toBe('# iii://a\n\nbody')
    expect(await HANDLERS['skills::fetch_skill']?.(input, deps)).toBe('# iii://a\n\nbody')
  })
})
